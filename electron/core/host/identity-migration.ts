// Moves per-server records that earlier versions keyed by a bare server name to the identity key
// of the user-scope entry of that name (server-records.ts). Only a user entry inherits them: a
// project entry never does, and a name with no user entry keeps its records where they are,
// untouched, until a user entry of that name appears. Runs at start-up, before any server starts;
// a second run finds nothing to move (a record already at its identity key is never overwritten).
import type { ServerEntry } from '../../../shared/server-config';
import { signInIdentity, signInKey, type AuthStore } from '../mcp/auth/store';
import { expandEntry, type ExpandOptions } from '../mcp/config/expand';
import { isServerKey, serverKey } from '../mcp/config/identity';
import type { ConfigSources } from '../mcp/config/loader';
import { readConfigFile } from '../mcp/config/parse';
import type { SettingsStore } from '../store/settings';

/** One record moved from a bare name to an identity key, as the log and `lena mcp doctor` say it. */
export interface RecordMove {
  /** The file in Lena's home (`settings.json`, `pins.json`, …). */
  file: string;
  from: string;
  to: string;
}

/** A file of per-server records, seen by its keys. */
export interface KeyedRecords {
  file: string;
  keys(): string[];
  /** Moves `from`'s records to `to` unless `to` has records already; true when moved. */
  move(from: string, to: string): Promise<boolean>;
}

/** settings.json `servers`: each server's roots, sampling answer, log level and tool switches. */
export function settingsRecords(settings: SettingsStore): KeyedRecords {
  return {
    file: 'settings.json',
    keys: () => Object.keys(settings.current.servers),
    async move(from, to) {
      const servers = settings.current.servers;
      if (!Object.hasOwn(servers, from) || Object.hasOwn(servers, to)) return false;
      await settings.update({ servers: { [from]: null, [to]: servers[from] } });
      return true;
    },
  };
}

/**
 * oauth.json's sign-ins of this front end's store, which earlier versions keyed "NAME URL": one
 * moves to "IDENTITY URL" of the user entry of that name when that entry (expanded as it starts)
 * still points at the URL signed in to. Each front end moves its own: the secrets are in its store.
 */
export async function signInRecords(
  store: AuthStore,
  entries: ReadonlyMap<string, ServerEntry>,
  expand: Pick<ExpandOptions, 'env' | 'secrets'>,
): Promise<KeyedRecords> {
  const legacy = (await store.serverKeys()).filter((key) => !isServerKey(signInIdentity(key)));
  return {
    file: 'oauth.json',
    keys: () => [...new Set(legacy.map(signInIdentity))],
    async move(name, to) {
      const entry = entries.get(name);
      const expanded = entry?.url ? await expandEntry(entry, expand) : undefined;
      if (!expanded?.ok || expanded.launch.transport === 'stdio') return false;
      const url = new URL(expanded.launch.url);
      const from = signInKey(name, url); // how earlier versions keyed it
      return legacy.includes(from) && store.moveServer(from, signInKey(to, url));
    },
  };
}

/** The user's own servers (Lena's mcp.json, or the one `--config` file), name → entry. */
export async function userEntries(sources: ConfigSources): Promise<Map<string, ServerEntry>> {
  const file = sources.configFile ?? sources.userFile;
  const entries = new Map<string, ServerEntry>();
  if (!file) return entries;
  const read = await readConfigFile(file);
  if (read.state !== 'parsed' || !read.ok) return entries;
  for (const server of read.config.servers)
    if (server.entry) entries.set(server.name, server.entry);
  return entries;
}

/** Moves every bare-name record that has a user entry of that name to that entry's identity key. */
export async function moveNameKeyedRecords(
  stores: readonly KeyedRecords[],
  entries: ReadonlyMap<string, ServerEntry>,
): Promise<RecordMove[]> {
  const moves: RecordMove[] = [];
  for (const store of stores) {
    for (const name of store.keys()) {
      const entry = isServerKey(name) ? undefined : entries.get(name);
      if (!entry) continue;
      const to = serverKey(name, entry, { scope: 'user' });
      if (await store.move(name, to)) moves.push({ file: store.file, from: name, to });
    }
  }
  return moves;
}

/** One line of the log and of `lena mcp doctor` for a move. */
export const moveLine = (move: RecordMove): string =>
  `${move.file}: the records of "${move.from}" now belong to your server ${move.to} (they were kept under its bare name)`;
