// The project folder (whose `.mcp.json` the manager reads) and the recent folders, remembered in
// Lena's home (recent-folders.json) and restored on start. Folders that vanished are dropped.
import { promises as fs } from 'node:fs';
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';

export const MAX_RECENT_FOLDERS = 10;

export interface ProjectSnapshot {
  folder: string | null;
  recent: string[];
}

/** Told when the project folder changes; the host points the manager at it (project servers restart). */
export interface ProjectChangeListener {
  onProjectChanged(folder: string | null): Promise<void> | void;
}

/** Opening something that is not a folder; the message says what to do. */
export class ProjectFolderError extends Error {
  constructor(
    readonly folder: string,
    reason: string,
  ) {
    super(`Cannot open ${folder} as the project folder: ${reason}. Choose an existing folder.`);
    this.name = 'ProjectFolderError';
  }
}

export interface ProjectStateOptions {
  listener?: ProjectChangeListener;
  maxRecent?: number;
  log?: (level: 'warn', message: string) => void;
  /** Told what the user must see: recent-folders.json was damaged and moved aside. */
  notice?: (message: string) => void;
}

export class ProjectState {
  private state: ProjectSnapshot = { folder: null, recent: [] };
  private readonly watchers = new Set<(snapshot: ProjectSnapshot) => void>();

  constructor(
    private readonly file: string,
    private readonly options: ProjectStateOptions = {},
  ) {}

  get snapshot(): ProjectSnapshot {
    return { folder: this.state.folder, recent: [...this.state.recent] };
  }

  /** Hears every saved change (the folder or the recent list): the menu and the title follow. */
  subscribe(watcher: (snapshot: ProjectSnapshot) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** The hook for folder changes (the host points the manager at the new folder). */
  setListener(listener: ProjectChangeListener | undefined): void {
    this.options.listener = listener;
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

  /**
   * Makes `folder` (or none) the project folder, first in the recent list, saved; the listener
   * hears of it only when the folder actually changed.
   */
  async open(folder: string | null): Promise<ProjectSnapshot> {
    const canonical = folder === null ? null : await canonicalFolder(folder);
    const changed = canonical !== this.state.folder;
    const recent =
      canonical === null
        ? this.state.recent
        : dedupe([canonical, ...this.state.recent]).slice(0, this.max);
    this.state = { folder: canonical, recent };
    await this.save();
    if (changed) await this.options.listener?.onProjectChanged(canonical);
    return this.snapshot;
  }

  async clearRecent(): Promise<ProjectSnapshot> {
    this.state = {
      folder: this.state.folder,
      recent: this.state.folder ? [this.state.folder] : [],
    };
    await this.save();
    return this.snapshot;
  }

  private get max(): number {
    return this.options.maxRecent ?? MAX_RECENT_FOLDERS;
  }

  private async save(): Promise<void> {
    await writeJsonFile(this.file, this.state);
    for (const watcher of [...this.watchers]) watcher(this.snapshot);
  }
}

// The real path, so /home/me/p, /home/me/p/ and a symlink to it are one entry (and on macOS and
// Windows, the file system's own spelling of the name).
async function canonicalFolder(folder: string): Promise<string> {
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

/** The window title: the project folder's name first, as editors do. */
export function windowTitle(folder: string | null, appName = 'Lena'): string {
  if (!folder) return appName;
  const name = folder.split(/[\\/]/).filter(Boolean).at(-1) ?? folder;
  return `${name} — ${appName}`;
}
