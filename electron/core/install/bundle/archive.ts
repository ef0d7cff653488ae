// A bundle's zip, read in two steps: first its directory alone (names and declared sizes, nothing
// inflated, nothing written) so that an entry escaping the folder (`../`, an absolute path) or a
// declared size over the cap refuses the bundle before anything exists on disk; then, once the
// user said yes, every file inflated into a staging folder. fflate (what @anthropic-ai/mcpb packs
// with) hands each entry's declared size to a filter before inflating it, and inflates into a
// buffer of exactly that size, so the declared size bounds what is written.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { strFromU8, unzipSync, type UnzipFileInfo } from 'fflate';
import { ERROR_CODE, LenaError } from '../../../../shared/result';

/** The most a bundle may unpack to (all files together), and the most files it may hold. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
export const MAX_FILES = 20_000;

export interface ArchiveEntry {
  name: string;
  size: number;
  directory: boolean;
}

const refuse = (message: string) => new LenaError(ERROR_CODE.invalidArguments, message);

/** Why an entry's name may not be unpacked, or undefined when it stays inside the folder. */
export function unsafeName(name: string): string | undefined {
  if (name.includes('\0')) return 'has a NUL character';
  if (name.includes('\\')) return 'uses "\\" (zip paths use "/")';
  if (isAbsolute(name) || /^[A-Za-z]:/.test(name) || name.startsWith('/'))
    return 'is an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'climbs out of the folder ("../")';
  return undefined;
}

function fmtBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/**
 * The zip's entries, checked: a bad name or a total declared size over `maxBytes` throws before
 * anything is inflated.
 */
export function listArchive(zip: Uint8Array, maxBytes = MAX_UNPACKED_BYTES): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  try {
    unzipSync(zip, {
      filter: (file: UnzipFileInfo) => {
        entries.push({
          name: file.name,
          size: file.originalSize,
          directory: file.name.endsWith('/'),
        });
        return false;
      },
    });
  } catch (err) {
    throw refuse(`the bundle is not a readable zip file (${(err as Error).message})`);
  }
  for (const e of entries) {
    const problem = unsafeName(e.name);
    if (problem) throw refuse(`the bundle's entry "${e.name}" ${problem}; it was not installed`);
  }
  if (entries.length > MAX_FILES)
    throw refuse(`the bundle holds ${entries.length} files; at most ${MAX_FILES} are unpacked`);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > maxBytes)
    throw refuse(
      `the bundle declares ${fmtBytes(total)} of files, over the ${fmtBytes(maxBytes)} Lena unpacks; it was not installed`,
    );
  return entries;
}

/** One file of the zip as text (the manifest), or undefined when it is not there. */
export function readArchiveText(zip: Uint8Array, name: string): string | undefined {
  const files = unzipSync(zip, { filter: (f) => f.name === name });
  return files[name] ? strFromU8(files[name]) : undefined;
}

/** Every file of an already listed zip, written under `dir` (which must not exist yet). */
export async function extractArchive(
  zip: Uint8Array,
  dir: string,
  maxBytes = MAX_UNPACKED_BYTES,
): Promise<number> {
  listArchive(zip, maxBytes);
  const files = unzipSync(zip);
  const root = resolve(dir);
  let written = 0;
  await mkdir(root, { recursive: true });
  for (const [name, data] of Object.entries(files)) {
    const target = resolve(join(root, name));
    if (target !== root && !target.startsWith(root + sep))
      throw refuse(`the bundle's entry "${name}" climbs out of the folder; it was not installed`);
    if (name.endsWith('/')) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data, { mode: 0o644 });
    written += data.length;
  }
  return written;
}
