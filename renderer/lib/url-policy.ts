// What a link or image in model or tool text may do. Only https links are clickable (main opens
// them externally after its own check); images are never fetched, since a URL can carry data out.

/** The href to render for a Markdown link, or null when it must stay plain text. */
export function safeLinkHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.href;
}

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
