// A server's own records (settings.json `servers`, its sampling tally, pins, tool baseline, sign-ins)
// are keyed by its identity, which an edit of its entry changes. An edit made through Lena
// (servers:update) moves them to the new identity with the entry; an entry edited outside Lena
// keeps them under its previous identity, untouched and not applied, and the user is told so:
// servers:confirm carries them over. Nothing is ever dropped.
import { isServerKey } from '../mcp/config/identity';
import { signInIdentity, type AuthStore } from '../mcp/auth/store';
import type { KeyedRecords, RecordMove } from './identity-migration';

/** A file of per-server records as an identity move sees it. */
export type IdentityRecords = Pick<KeyedRecords, 'file' | 'keys' | 'move'>;

/** oauth.json's sign-ins of this front end ("IDENTITY URL"): every URL of `from` moves to `to`. */
export async function signInsByIdentity(store: AuthStore): Promise<IdentityRecords> {
  const keys = await store.serverKeys();
  return {
    file: 'oauth.json',
    keys: () => keys.map(signInIdentity),
    async move(from, to) {
      let moved = false;
      for (const key of keys.filter((k) => signInIdentity(k) === from))
        moved = (await store.moveServer(key, to + key.slice(from.length))) || moved;
      return moved;
    },
  };
}

/** A server whose entry changed outside Lena while records stayed under its previous identity. */
export interface KeptRecords {
  name: string;
  from: string;
  to: string;
  files: string[];
}

export interface ServerRecordsOptions {
  /** The stores, read afresh for each move (their keys change). */
  stores(): Promise<IdentityRecords[]>;
  /** The key of `name`'s records as configured now (server-records.ts). */
  keyOf(name: string): string;
  /** Told once per edit made outside Lena that left records behind. */
  onKept(kept: KeptRecords): void;
}

export class ServerRecords {
  private readonly known = new Map<string, string>();
  private readonly kept = new Map<string, KeptRecords>();
  /** Servers being edited through Lena: the key their records moved to, until it is configured. */
  private readonly editing = new Map<string, string>();

  constructor(private readonly options: ServerRecordsOptions) {}

  /** Moves every record of identity `from` to `to` (none where `to` has its own already). */
  async move(from: string, to: string): Promise<RecordMove[]> {
    if (from === to || !isServerKey(from) || !isServerKey(to)) return [];
    const moves: RecordMove[] = [];
    for (const store of await this.options.stores())
      if (store.keys().includes(from) && (await store.move(from, to)))
        moves.push({ file: store.file, from, to });
    this.known.forEach((key, name) => key === from && this.known.set(name, to));
    return moves;
  }

  /**
   * An edit through Lena: `name`'s records move from `from` to `to`, then `write` saves the entry.
   * A write that fails moves them back. Statuses seen meanwhile (the old entry, the file watcher)
   * are not taken for an outside edit.
   */
  async edit(name: string, from: string, to: string, write: () => Promise<void>): Promise<void> {
    if (from === to) return write();
    this.editing.set(name, to);
    const moves = await this.move(from, to);
    try {
      await write();
    } catch (err) {
      this.editing.delete(name);
      if (moves.length > 0) await this.move(to, from);
      throw err;
    }
  }

  /** The records an outside edit left under `name`'s previous identity, if any. */
  keptFor(name: string): KeptRecords | undefined {
    return this.kept.get(name);
  }

  /** The user confirmed the edited server: what it left behind follows it now. */
  async carryOver(name: string): Promise<RecordMove[]> {
    const kept = this.kept.get(name);
    if (!kept) return [];
    this.kept.delete(name);
    return this.move(kept.from, this.options.keyOf(name));
  }

  /**
   * Called with each server's status: a key that changed without a move through Lena (an edit of
   * the file) and left records behind is reported, once, and remembered for carryOver.
   */
  async seen(name: string): Promise<void> {
    const key = this.options.keyOf(name);
    const target = this.editing.get(name);
    if (target !== undefined) {
      if (key !== target) return;
      this.editing.delete(name);
    }
    const before = this.known.get(name);
    this.known.set(name, key);
    if (before === undefined || before === key || !isServerKey(key)) return;
    const files = (await this.options.stores())
      .filter((s) => s.keys().includes(before))
      .map((s) => s.file);
    if (files.length === 0) return;
    const kept = { name, from: before, to: key, files };
    this.kept.set(name, kept);
    this.options.onKept(kept);
  }
}

/** The notice for records an outside edit left behind. */
export const keptLine = (kept: KeptRecords): string =>
  `The entry of "${kept.name}" changed outside Lena, so what you set for it (${kept.files.join(', ')}) stays with its previous entry ${kept.from}: kept, not applied. Confirm the server on its page to carry it over, or undo the edit.`;
