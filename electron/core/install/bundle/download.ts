// A registry package of type `mcpb` is a file at a URL with its SHA-256 (`fileSha256`). It is
// downloaded into memory (never to disk) and handed on only when its hash matches: a mismatch is
// refused with both hashes, before anything is opened or written.
import { createHash } from 'node:crypto';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { MAX_BUNDLE_BYTES } from './inspect';

function loopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/** Downloads a bundle and checks it against `sha256` (hex); throws a LenaError otherwise. */
export async function downloadBundle(
  url: string,
  sha256: string | undefined,
  options: { fetch?: typeof fetch; timeoutMs?: number; maxBytes?: number } = {},
): Promise<Buffer> {
  const expected = sha256?.trim().toLowerCase();
  if (!expected || !/^[0-9a-f]{64}$/.test(expected))
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `the registry gives no usable fileSha256 for ${url}; Lena installs a downloaded bundle only when its SHA-256 is known`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LenaError(ERROR_CODE.invalidArguments, `the bundle's address "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback(parsed.hostname)))
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `the bundle's address must be https:// (got ${parsed.protocol}//)`,
    );
  const max = options.maxBytes ?? MAX_BUNDLE_BYTES;
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
    });
  } catch (err) {
    throw new LenaError(
      ERROR_CODE.unavailable,
      `the bundle could not be downloaded from ${url} (${(err as Error).message}); try again`,
      undefined,
      'retry',
    );
  }
  if (!res.ok || !res.body)
    throw new LenaError(
      ERROR_CODE.unavailable,
      `${url} answered ${res.status} ${res.statusText}; the bundle was not downloaded`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max)
      throw new LenaError(ERROR_CODE.invalidArguments, `the bundle at ${url} is over ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  const file = Buffer.concat(chunks);
  const actual = createHash('sha256').update(file).digest('hex');
  if (actual !== expected)
    throw new LenaError(
      ERROR_CODE.forbidden,
      `the downloaded bundle's SHA-256 is ${actual}, but the registry says ${expected}; it was not installed`,
    );
  return file;
}
