// Edits of configuration files. Each write is atomic (temporary file in the same folder, fsync,
// rename), keeps the file's mode, the other servers and unknown fields. Every edit holds the
// file's inter-process lock (base/locked-file) and re-reads the file under it, so edits from the
// window and any number of `lena` processes all land. A file Lena could not parse is never
// written over.
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ServerEntry } from '../../../../shared/server-config';
import { withLockedFile } from '../../base/locked-file';
import { serialisePerPath } from '../../base/path-queue';
import { writeFileAtomic } from '../../base/json-file';
import { parseConfigWithHints, type ConfigParseResult } from './parse';
import { validateServerEntry } from '../../../../shared/config/server-entry-schema';

/**
 * Runs a read-modify-write task on one config file holding its lock (the real file when `file` is
 * a symlink, so the link and its target share one lock); tasks run one at a time, in call order.
 */
export function serialisePerFile<T>(file: string, task: () => Promise<T>): Promise<T> {
  // Queued by the name given first, so edits keep their call order while the link is resolved.
  return serialisePerPath(`${resolve(file)}\0order`, async () =>
    withLockedFile(await realTarget(file), task),
  );
}

async function realTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return resolve(file);
  }
}

/**
 * Replaces `file` atomically with base's one atomic writer (temp file, fsync, rename; keeps the mode
 * and makes new files owner-only), creating its folder, and writing through a symlink rather
 * than replacing the link.
 */
async function writeConfigText(file: string, text: string): Promise<void> {
  const target = await realTarget(file);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  await writeFileAtomic(target, text);
}

function indentOf(text: string): string | number {
  const match = /^\{\s*\n([ \t]+)"/.exec(text.replace(/^\uFEFF/, ''));
  return match ? match[1] : 2;
}

/** The document as JSON in the original file's style: its indentation and its line ends. */
function formatLike(original: string, document: unknown): string {
  const json = `${JSON.stringify(document, null, indentOf(original))}\n`;
  return original.includes('\r\n') ? json.replace(/\n/g, '\r\n') : json;
}

type ServerMap = Record<string, unknown>;

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LenaError(
      ERROR_CODE.unavailable,
      `Lena could not read ${file} to change it: ${(error as Error).message}`,
    );
  }
}

/**
 * Reads the file fresh under its lock, applies `edit` to its `mcpServers` object, and writes the
 * result. Refuses (without writing) when the file exists but cannot be parsed.
 */
export function editConfigFile<T>(file: string, edit: (servers: ServerMap) => T): Promise<T> {
  return serialisePerFile(file, async () => {
    const text = await readIfExists(file);
    const parsed = parseConfigWithHints(text ?? '', file);
    if (!parsed.ok) {
      const why = parsed.errors.map((e) => e.message).join('; ');
      throw new LenaError(
        ERROR_CODE.conflict,
        `Lena did not change ${file} because it cannot be parsed: ${why}. Fix the file by hand (or move it away) and try again.`,
      );
    }
    const document = parsed.config.document;
    const servers = (document.mcpServers ??= {}) as ServerMap;
    const result = edit(servers);
    await writeConfigText(file, formatLike(text ?? '', document));
    return result;
  });
}

/**
 * Saves text the user edited as a whole (the settings editor). Refuses text that is not a usable
 * configuration (syntax error, wrong top level); entry problems are saved and returned, as the
 * loader reports them anyway.
 */
export function saveConfigText(
  file: string,
  text: string,
): Promise<ConfigParseResult & { ok: true }> {
  return serialisePerFile(file, async () => {
    const parsed = parseConfigWithHints(text, file);
    if (!parsed.ok) {
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `Not saved: ${parsed.errors.map((e) => e.message).join('; ')}`,
      );
    }
    await writeConfigText(file, text.endsWith('\n') ? text : `${text}\n`);
    return parsed;
  });
}

function checkEntry(file: string, name: string, entry: ServerEntry): void {
  const checked = validateServerEntry(file, name, entry);
  if (!checked.ok) {
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `The server entry was not saved: ${checked.issues.map((i) => i.message).join('; ')}`,
    );
  }
}

const has = (servers: ServerMap, name: string): boolean =>
  Object.prototype.hasOwnProperty.call(servers, name);

function notFound(file: string, name: string): LenaError {
  return new LenaError(
    ERROR_CODE.notFound,
    `There is no server "${name}" in ${file}; check the name (lena mcp list shows them).`,
  );
}

/** Adds a new server; refuses a name that already exists in this file. */
export async function addServer(file: string, name: string, entry: ServerEntry): Promise<void> {
  checkEntry(file, name, entry);
  return editConfigFile(file, (servers) => {
    if (has(servers, name)) {
      throw new LenaError(
        ERROR_CODE.conflict,
        `A server named "${name}" already exists in ${file}; choose another name, or edit or remove that one.`,
      );
    }
    servers[name] = entry;
  });
}

/** Replaces a server's entry whole (the caller passes unknown fields it wants to keep). */
export async function updateServer(file: string, name: string, entry: ServerEntry): Promise<void> {
  checkEntry(file, name, entry);
  return editConfigFile(file, (servers) => {
    if (!has(servers, name)) throw notFound(file, name);
    servers[name] = entry;
  });
}

export async function removeServer(file: string, name: string): Promise<void> {
  return editConfigFile(file, (servers) => {
    if (!has(servers, name)) throw notFound(file, name);
    delete servers[name];
  });
}

/** Sets `disabled: true`, or removes the field to enable (absent means enabled). */
export async function setServerDisabled(
  file: string,
  name: string,
  disabled: boolean,
): Promise<void> {
  return editConfigFile(file, (servers) => {
    const entry = servers[name];
    if (!has(servers, name)) throw notFound(file, name);
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new LenaError(
        ERROR_CODE.conflict,
        `The entry of server "${name}" in ${file} is not an object; fix it by hand first.`,
      );
    }
    if (disabled) (entry as Record<string, unknown>).disabled = true;
    else delete (entry as Record<string, unknown>).disabled;
  });
}
