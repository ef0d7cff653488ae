// What the user does with an artifact kept as a file: "Save as…" copies it through the system's
// save dialog, "Show in folder" points the file manager at it. The request names a task and an
// artifact; the path is always resolved here, under the kept folder (keep.ts), never taken from
// the window. Nothing here opens the file: an agent's file could be a program.
import { lstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { keptFile } from './keep';

/** Saves one file where the user picks (main: the save dialog). Null: the user cancelled. */
export type SaveKeptFile = (suggestedName: string, data: Buffer) => Promise<string | null>;

export interface KeptFilePorts {
  saveFile?: SaveKeptFile;
  /** Shows the file selected in the system's file manager (main: shell.showItemInFolder). */
  showInFolder?: (path: string) => void | Promise<void>;
}

export class KeptArtifacts {
  constructor(
    private readonly dir: string,
    private readonly ports: KeptFilePorts,
  ) {}

  /** Copies the kept file through the save dialog: the path it was saved to, or null if cancelled. */
  async save(taskId: string | null, name: string): Promise<{ saved: string | null }> {
    const save = this.ports.saveFile;
    const file = this.existing(taskId, name);
    if (!save)
      throw new LenaError(
        ERROR_CODE.unavailable,
        `Lena cannot show a save dialog here; the file is ${file}.`,
      );
    // Read without blocking: a kept file may be up to agentLimits.keepBytes (1 GB at most).
    return { saved: await save(basename(file), await readFile(file)) };
  }

  /** Shows the kept file in its folder; the path shown. */
  async show(taskId: string | null, name: string): Promise<{ path: string }> {
    const show = this.ports.showInFolder;
    const file = this.existing(taskId, name);
    if (!show)
      throw new LenaError(
        ERROR_CODE.unavailable,
        `Lena cannot open a folder here; the file is ${file}.`,
      );
    await show(file);
    return { path: file };
  }

  /** The kept file, present and a plain file (a link planted there is refused). */
  private existing(taskId: string | null, name: string): string {
    const file = keptFile(this.dir, taskId, name);
    let stat;
    try {
      stat = lstatSync(file);
    } catch {
      throw new LenaError(
        ERROR_CODE.notFound,
        `The file Lena kept for the artifact "${name}" is no longer there: it was deleted or moved. Ask the agent for it again.`,
      );
    }
    if (!stat.isFile())
      throw new LenaError(
        ERROR_CODE.forbidden,
        `${file} is not a file Lena kept: Lena saves and shows only the files it wrote.`,
      );
    return file;
  }
}
