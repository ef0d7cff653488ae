// Every image a request carries (the user's attachments and tool results) is read from its bytes
// before it is sent: the real type (file-type), the pixel size (image-size), and the Messages API's
// limits. A mislabelled image is relabelled; one the API would refuse becomes a text note for the
// model, so one bad image can never make every later request fail. The window keeps the original.
// Both readers load on the first image, so commands that never send one do not pay for them.

/** The Messages API's vision limits (per image of its base64, per side, per request). */
export const API_IMAGE_LIMITS = {
  maxBase64Bytes: 5 * 1024 * 1024,
  maxSide: 8000,
  /** Past this many images in one request, each side may be at most `maxSideMany`. */
  manyImages: 20,
  maxSideMany: 2000,
  maxImages: 100,
};

export const API_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export type ImageInspection =
  | { ok: true; mediaType: (typeof API_IMAGE_TYPES)[number]; width: number; height: number }
  | { ok: false; reason: string };

const cache = new Map<string, ImageInspection>();
const CACHE_SIZE = 256;

/** Reads type and size from the bytes (cached per payload: history is re-checked every turn). */
export async function inspectImage(data: string): Promise<ImageInspection> {
  const hit = cache.get(data);
  if (hit) return hit;
  const result = await inspectUncached(data);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(data, result);
  return result;
}

async function inspectUncached(data: string): Promise<ImageInspection> {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) return { ok: false, reason: 'it has no data' };
  const [{ fileTypeFromBuffer }, { imageSize }] = await Promise.all([
    import('file-type'),
    import('image-size'),
  ]);
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = detected?.mime;
  if (!mime) return { ok: false, reason: 'its bytes are not an image format Lena can read' };
  if (!(API_IMAGE_TYPES as readonly string[]).includes(mime))
    return { ok: false, reason: `it is ${mime}; Claude accepts JPEG, PNG, GIF and WebP` };
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return { ok: false, reason: 'its size could not be read' };
    return {
      ok: true,
      mediaType: mime as (typeof API_IMAGE_TYPES)[number],
      width: size.width,
      height: size.height,
    };
  } catch {
    return { ok: false, reason: `it is a damaged ${mime} file` };
  }
}

/** "2.4 MB" */
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export interface ImageRef {
  /** The image block (never mutated: it may be the stored message's own object). */
  block: { type: string; source?: { type?: string; media_type?: string; data?: string } };
  /** Replaces the image in its parent content list: by a text note, or by a relabelled copy. */
  replace(replacement: string | Record<string, unknown>): void;
  /** True for images of the request's newest user message (so the user hears about them once). */
  fresh: boolean;
  label: string;
}

/**
 * Checks every image against the API's rules and limits; returns one line per image the model
 * will not see, for the user. The newest images win when there are too many.
 */
export async function prepareImages(images: ImageRef[]): Promise<string[]> {
  const notices: string[] = [];
  const drop = (ref: ImageRef, why: string) => {
    ref.replace(`[${ref.label} not sent to Claude: ${why}. The user can still see it in Lena.]`);
    if (ref.fresh)
      notices.push(
        `${ref.label[0].toUpperCase()}${ref.label.slice(1)} was not sent to Claude: ${why}.`,
      );
  };
  const checked: Array<{ ref: ImageRef; width: number; height: number }> = [];
  for (const ref of images) {
    const source = ref.block.source;
    if (source?.type !== 'base64') continue; // url/file sources are the API's to fetch
    const data = source.data ?? '';
    if (data.length > API_IMAGE_LIMITS.maxBase64Bytes) {
      drop(ref, `it is ${mb(data.length)} encoded, over the API's 5 MB limit per image`);
      continue;
    }
    const seen = await inspectImage(data);
    if (!seen.ok) {
      drop(ref, seen.reason);
      continue;
    }
    if (seen.width > API_IMAGE_LIMITS.maxSide || seen.height > API_IMAGE_LIMITS.maxSide) {
      drop(
        ref,
        `it is ${seen.width}×${seen.height} pixels, over the API's ${API_IMAGE_LIMITS.maxSide}-pixel limit`,
      );
      continue;
    }
    if (source.media_type !== seen.mediaType)
      ref.replace({ ...ref.block, source: { ...source, media_type: seen.mediaType } });
    checked.push({ ref, width: seen.width, height: seen.height });
  }
  const excess = checked.length - API_IMAGE_LIMITS.maxImages;
  for (const { ref } of checked.splice(0, Math.max(0, excess)))
    drop(
      ref,
      `the request would hold more than ${API_IMAGE_LIMITS.maxImages} images; the oldest are left out`,
    );
  if (checked.length > API_IMAGE_LIMITS.manyImages) {
    const side = API_IMAGE_LIMITS.maxSideMany;
    for (const c of checked)
      if (c.width > side || c.height > side)
        drop(
          c.ref,
          `with more than ${API_IMAGE_LIMITS.manyImages} images in a request the API takes at most ${side} pixels a side, and it is ${c.width}×${c.height}`,
        );
  }
  return notices;
}
