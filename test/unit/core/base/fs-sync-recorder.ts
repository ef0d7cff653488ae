// node:fs with its durability steps written down, for `vi.mock('node:fs', ...)`: every call still
// goes to the real file system, and `ops` says which file was fsynced and what was renamed, in
// order, so a test can tell "synced before it replaced the old file" from "renamed and hoped".
import { basename } from 'node:path';

type Fs = typeof import('node:fs');

export function recordingFs(real: Fs, ops: string[]): Fs & { default: Fs } {
  const paths = new Map<number, string>();
  const fs: Fs = {
    ...real,
    openSync: ((...args: Parameters<Fs['openSync']>) => {
      const fd = real.openSync(...args);
      const [path] = args;
      paths.set(fd, basename(String(path)));
      return fd;
    }) as Fs['openSync'],
    fsyncSync: (fd: number) => {
      ops.push(`fsync ${paths.get(fd) ?? '?'}`);
      real.fsyncSync(fd);
    },
    renameSync: (from: Parameters<Fs['renameSync']>[0], to: Parameters<Fs['renameSync']>[1]) => {
      ops.push(`rename ${basename(String(from))} ${basename(String(to))}`);
      real.renameSync(from, to);
    },
  };
  return { ...fs, default: fs };
}
