// Writing a file so that a crash, a power cut or a full disk never leaves half of it behind: a temp
// file in the same folder, written, fsynced, renamed over the old one, then the folder fsynced (so the
// rename survives too). One async form for most writers, one sync form for those that must finish
// before they return.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants as fsConstants,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  promises as fs,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { serialisePerPath } from './path-queue';

export interface WriteOptions {
  /** File mode; defaults to the existing file's mode, else 0o600 (Lena's files are private). */
  mode?: number;
  /** Creates the file's folder (owner-only) when it is missing. */
  createDir?: boolean;
}

/** Writes `data` to `file` atomically: temp file in the same folder, fsync, rename, fsync folder. */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  return serialisePerPath(file, () => writeNow(file, data, options));
}

async function writeNow(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions,
): Promise<void> {
  const dir = dirname(file);
  if (options.createDir) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const mode = options.mode ?? (await existingMode(file)) ?? 0o600;
  const temp = tempNameFor(file);
  const handle = await fs.open(
    temp,
    fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
    mode,
  );
  try {
    await handle.writeFile(data);
    // umask may have narrowed the mode at creation; the caller's mode is what must stick.
    if (process.platform !== 'win32') await handle.chmod(mode);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await renameWithRetry(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

// On Windows a virus scanner or indexer briefly holding the target makes rename fail with
// EPERM/EACCES/EBUSY; it succeeds a moment later (the same retry graceful-fs does).
async function renameWithRetry(
  from: string,
  to: string,
  platform = process.platform,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fs.rename(from, to);
    } catch (err) {
      if (!retryRename(err, attempt, platform)) throw err;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

function retryRename(err: unknown, attempt: number, platform: NodeJS.Platform): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  const transient =
    platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
  return transient && attempt < 10;
}

/** A temp file next to `file` (a rename across folders would not be atomic), unique to this write. */
const tempNameFor = (file: string) =>
  join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

async function existingMode(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

// Without this the rename itself may not survive a power cut on ext4/xfs. Windows cannot open
// directories, and some file systems refuse fsync on them: both are fine to skip.
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * writeFileAtomic for the few writers that must finish before they return (the task journal, whose
 * record must be on disk before the call it tracks goes on): the same steps, synchronously. Not
 * queued per path: no other write in this process can run while it does.
 */
export function writeFileAtomicSync(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): void {
  const dir = dirname(file);
  if (options.createDir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = options.mode ?? existingModeSync(file) ?? 0o600;
  const temp = tempNameFor(file);
  const fd = openSync(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, mode);
  try {
    try {
      writeFileSync(fd, data);
      if (process.platform !== 'win32') fchmodSync(fd, mode);
      fsyncSync(fd); // else a power cut just after the rename can leave the file empty or torn
    } finally {
      closeSync(fd);
    }
    renameSyncWithRetry(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  syncDirectorySync(dir);
}

function renameSyncWithRetry(from: string, to: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      return renameSync(from, to);
    } catch (err) {
      if (!retryRename(err, attempt, process.platform)) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 * (attempt + 1)); // a synchronous pause
    }
  }
}

function existingModeSync(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
}

function syncDirectorySync(dir: string): void {
  if (process.platform === 'win32') return;
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort, as syncDirectory
  }
}
