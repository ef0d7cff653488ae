// The recent project folders and the last one open, remembered in Lena's home
// (recent-folders.json) for the project service, which owns the open folder; the desktop's menu
// and title follow the service's project:changed. Folders that vanished are dropped on restore.
import { promises as fs } from 'node:fs';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';

export const MAX_RECENT_FOLDERS = 10;

export interface ProjectSnapshot {
  folder: string | null;
  recent: string[];
}

/** Opening something that is not a folder; the message says what to do. */
export class ProjectFolderError extends LenaError {
  constructor(
    readonly folder: string,
    reason: string,
  ) {
    super(
      ERROR_CODE.invalidArguments,
      `Cannot open ${folder} as the project folder: ${reason}. Choose an existing folder.`,
    );
    this.name = 'ProjectFolderError';
  }
}

export interface RecentProjectsOptions {
  maxRecent?: number;
  log?: (level: 'warn', message: string) => void;
  /** Told what the user must see: recent-folders.json was damaged and moved aside. */
  notice?: (message: string) => void;
}

/** The remembered folders (the project service's history); it records, the service decides. */
export class RecentProjects {
  private state: ProjectSnapshot = { folder: null, recent: [] };

  constructor(
    private readonly file: string,
    private readonly options: RecentProjectsOptions = {},
  ) {}

  get snapshot(): ProjectSnapshot {
    return { folder: this.state.folder, recent: [...this.state.recent] };
  }

  recent(): string[] {
    return [...this.state.recent];
  }

  /** Loads the saved state; the last folder comes back only if it still exists. Never throws. */
  async restore(): Promise<ProjectSnapshot> {
    const saved = await readJsonFileTolerant(this.file, this.options);
    const data = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<
      string,
      unknown
    >;
    const recent = Array.isArray(data.recent)
      ? data.recent.filter((f): f is string => typeof f === 'string')
      : [];
    const folder = typeof data.folder === 'string' ? data.folder : null;
    const existing = await filterAsync(dedupe(recent), isDirectory);
    this.state = {
      folder: folder !== null && (await isDirectory(folder)) ? folder : null,
      recent: existing.slice(0, this.max),
    };
    return this.snapshot;
  }

  /** Records `folder` (canonical, or none) as the open one, first in the recent list, saved. */
  async opened(folder: string | null): Promise<void> {
    const recent =
      folder === null
        ? this.state.recent
        : dedupe([folder, ...this.state.recent]).slice(0, this.max);
    this.state = { folder, recent };
    await writeJsonFile(this.file, this.state);
  }

  /** Empties the recent list but for the open folder. */
  async clear(): Promise<void> {
    this.state = {
      folder: this.state.folder,
      recent: this.state.folder ? [this.state.folder] : [],
    };
    await writeJsonFile(this.file, this.state);
  }

  private get max(): number {
    return this.options.maxRecent ?? MAX_RECENT_FOLDERS;
  }
}

/**
 * The real path, so /home/me/p, /home/me/p/ and a symlink to it are one folder (and on macOS and
 * Windows, the file system's own spelling of the name). Not a folder: ProjectFolderError.
 */
export async function canonicalFolder(folder: string): Promise<string> {
  let real: string;
  try {
    real = await fs.realpath(folder);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ProjectFolderError(
      folder,
      code === 'ENOENT' ? 'it does not exist' : `it cannot be read (${code ?? String(err)})`,
    );
  }
  if (!(await isDirectory(real))) throw new ProjectFolderError(folder, 'it is not a folder');
  return real;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

const dedupe = (folders: readonly string[]) => [...new Set(folders)];

async function filterAsync<T>(
  items: readonly T[],
  test: (item: T) => Promise<boolean>,
): Promise<T[]> {
  const keep = await Promise.all(items.map(test));
  return items.filter((_, i) => keep[i]);
}
