// What an image in model or tool text may do: images are never fetched, since a URL can carry
// data out. Which links are clickable is shared/open-url.ts's rule (main checks it again).

/** Images are shown only when inline (data:image/…); everything else is a placeholder. */
export function isInlineImage(src: string | null | undefined): boolean {
  return (
    typeof src === 'string' &&
    /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(src)
  );
}

/** The text a blocked remote image shows instead of loading. */
export function blockedImageLabel(
  src: string | null | undefined,
  alt: string | null | undefined,
): string {
  const where = src && src.trim() !== '' ? src : '(no address)';
  return alt ? `Remote image blocked: ${alt} — ${where}` : `Remote image blocked: ${where}`;
}
