// Lena's settings.json: read with defaults, reported when broken, and never overwritten while it
// is broken (the user's file is theirs to fix). Keys Lena does not know are kept on every write.
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { withLockedFile } from '../base/locked-file';
import { JsonFileError, readJsonFile, writeJsonFile } from '../base/json-file';
import {
  DEFAULT_SETTINGS,
  readSettings,
  withoutRemovedSettings,
  type ServerSettings,
  type Settings,
} from './settings-schema';

export {
  CLAUDE_MODELS,
  DEFAULT_SETTINGS,
  type ServerSettings,
  type Settings,
} from './settings-schema';

/**
 * A change to settings. Top-level fields replace the stored value; `permissions` replaces only the
 * lists given; `servers` merges per server name, and `null` removes that server's entry.
 */
export type SettingsUpdate = Partial<Omit<Settings, 'permissions' | 'servers'>> & {
  permissions?: Partial<Settings['permissions']>;
  servers?: Record<string, Partial<ServerSettings> | null>;
};

type Raw = Record<string, unknown>;

interface State {
  settings: Settings;
  issues: string[];
  /** The file's object as read (unknown keys included); undefined when missing or not JSON. */
  raw: Raw | undefined;
  /** Set when the file is not JSON at all: nothing can be merged into it. */
  unreadable: boolean;
}

export class SettingsStore {
  private state: State = {
    settings: structuredClone(DEFAULT_SETTINGS) as Settings,
    issues: [],
    raw: undefined,
    unreadable: false,
  };
  private readonly listeners = new Set<(settings: Settings) => void>();

  private constructor(readonly file: string) {}

  /** Reads `file` (a missing file means all defaults). Never throws for a broken file: see issues. */
  static async open(file: string): Promise<SettingsStore> {
    const store = new SettingsStore(file);
    await store.reload();
    await store.migrate();
    return store;
  }

  /** Notes about settings Lena removed from the file (see REMOVED_SETTINGS), for the window. */
  readonly migrationNotices: string[] = [];

  /** Drops settings the API no longer accepts from the file, once, and keeps a note for each. */
  private async migrate(): Promise<void> {
    const raw = this.state.raw;
    if (raw === undefined || this.state.issues.length > 0) return;
    const { removed } = withoutRemovedSettings(raw);
    if (removed.length === 0) return;
    await this.write((r) => r);
    this.migrationNotices.push(...removed);
  }

  /** The settings in effect (defaults where the file is missing or broken). */
  get current(): Settings {
    return this.state.settings;
  }

  /** Problems found in the file, one line each with file and line/column or field. Empty when fine. */
  get issues(): readonly string[] {
    return this.state.issues;
  }

  /** Re-reads the file (after the user fixed it, or another Lena process wrote it). */
  async reload(): Promise<Settings> {
    this.state = await this.read();
    this.emit();
    return this.state.settings;
  }

  /**
   * Applies `update` to the file as it is on disk now and writes it atomically. Refuses (LenaError
   * 'conflict') while the file is not valid JSON, and ('invalid-arguments') when the result would
   * still have problems; the file is untouched in both cases.
   */
  update(update: SettingsUpdate): Promise<Settings> {
    return this.write((raw) => applyUpdate(raw, update));
  }

  /**
   * Sets top-level keys verbatim, for keys another module owns (e.g. the gate's `trusted`), with
   * the same refusals as update(). `undefined` removes a key.
   */
  updateKeys(values: Record<string, unknown>): Promise<Settings> {
    return this.write((raw) => {
      const out = structuredClone(raw);
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete out[key];
        else out[key] = structuredClone(value);
      }
      return out;
    });
  }

  /** A copy of the file's object as last read (unknown keys included); undefined when missing or broken. */
  raw(): Record<string, unknown> | undefined {
    return this.state.raw === undefined ? undefined : structuredClone(this.state.raw);
  }

  private write(change: (raw: Raw) => Raw): Promise<Settings> {
    // Under the file's inter-process lock: the window and `lena` may both change settings.
    return withLockedFile(this.file, async () => {
      const fresh = await this.read();
      if (fresh.unreadable) {
        this.state = fresh;
        throw new LenaError(
          ERROR_CODE.conflict,
          `Settings were not saved: ${fresh.issues[0]} The file is kept as it is.`,
        );
      }
      const merged = withoutRemovedSettings(change(fresh.raw ?? {})).raw;
      const checked = readSettings(merged, this.file);
      if (checked.issues.length > 0) {
        throw new LenaError(
          ERROR_CODE.invalidArguments,
          `Settings were not saved because ${this.file} would still have problems: ${checked.issues.join('; ')}. Fix or remove those entries, then try again.`,
        );
      }
      await writeJsonFile(this.file, merged);
      this.state = { settings: checked.settings, issues: [], raw: merged, unreadable: false };
      this.emit();
      return checked.settings;
    });
  }

  /** Called with the new settings after every reload and update; returns an unsubscribe function. */
  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async read(): Promise<State> {
    let raw: unknown;
    try {
      raw = await readJsonFile(this.file);
    } catch (err) {
      const message =
        err instanceof JsonFileError
          ? `${err.message} Lena is using the default settings and will not overwrite the file.`
          : `Could not read ${this.file} (${(err as Error).message}); using the default settings.`;
      return {
        settings: structuredClone(DEFAULT_SETTINGS) as Settings,
        issues: [message],
        raw: undefined,
        unreadable: true,
      };
    }
    const { settings, issues } = readSettings(raw, this.file);
    const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
    return {
      settings,
      issues,
      raw: isObject ? (raw as Raw) : undefined,
      unreadable: raw !== undefined && !isObject,
    };
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.state.settings);
  }
}

/** The raw object with `update` applied (see SettingsUpdate); unknown keys are carried over. */
export function applyUpdate(raw: Raw, update: SettingsUpdate): Raw {
  const out: Raw = structuredClone(raw);
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (key === 'permissions') {
      const current = isPlainObject(out.permissions) ? out.permissions : {};
      out.permissions = { ...current, ...stripUndefined(value as Raw) };
    } else if (key === 'servers') {
      const servers: Raw = isPlainObject(out.servers) ? { ...out.servers } : {};
      for (const [name, entry] of Object.entries(value as Record<string, Raw | null>)) {
        if (entry === null) delete servers[name];
        else
          servers[name] = {
            ...(isPlainObject(servers[name]) ? servers[name] : {}),
            ...stripUndefined(entry),
          };
      }
      out.servers = servers;
    } else out[key] = value;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Raw =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const stripUndefined = (o: Raw): Raw =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
