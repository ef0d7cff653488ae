// The desktop shell's services, built from Lena's home in one place so electron/main stays a thin
// layer of Electron calls: the log, secrets, orphan records, window and update state. Also the
// start-up work that must run before any server is launched. The project folder is the host's
// (its project service); the shell opens folders through the host and follows project:changed.
import type { AppNotice } from '../../../shared/app-types';
import type { LenaPaths } from '../home';
import { RotatingLog } from '../base/log-file';
import { ProcessRecords } from '../base/process-records';
import { EncryptedSecretStore, type Encryptor } from './secret-store';
import { StateFile } from './state-file';
import type { SavedWindows } from './window-slots';

/** updates.json: the opt-in and when the feed was last asked. */
export interface UpdatePrefs {
  automatic: boolean;
  lastCheck?: number;
}

export interface DesktopPaths {
  secrets: string;
  windowState: string;
  updates: string;
}

export function desktopPaths(paths: LenaPaths): DesktopPaths {
  return {
    secrets: paths.secrets,
    windowState: paths.windowState,
    updates: paths.updates,
  };
}

export interface DesktopServices {
  log: RotatingLog;
  secrets: EncryptedSecretStore;
  processes: ProcessRecords;
  windowState: StateFile<SavedWindows>;
  updates: StateFile<UpdatePrefs>;
  /** What the user must see from these files (one moved aside because it was damaged): the window's start-up notices. */
  notices: AppNotice[];
}

/** `env` lets a stored-nothing secret fall back to ANTHROPIC_API_KEY / NAME, as the command line does. */
export function createDesktopServices(
  paths: LenaPaths,
  encryptor: Encryptor,
  env?: NodeJS.ProcessEnv,
): DesktopServices {
  const files = desktopPaths(paths);
  // The log redacts the secret store's values and the store logs through the log: the closure
  // reads `secrets` only when a line is written, after both exist.
  const log = new RotatingLog({ dir: paths.logs, secrets: () => secrets.knownValues() });
  const notices: AppNotice[] = [];
  // Each service logs under its own source; a damaged file is also a notice in the window.
  const report = (source: string) => ({
    log: (level: 'warn' | 'info', message: string) => log.write(level, source, message),
    notice: (message: string) => {
      log.warn(source, message);
      notices.push({ level: 'warn', message });
    },
  });
  const secrets = new EncryptedSecretStore(files.secrets, encryptor, { ...report('secrets'), env });
  return {
    log,
    secrets,
    processes: new ProcessRecords(paths.processes, report('processes')),
    windowState: new StateFile(files.windowState, { debounceMs: 500, ...report('window') }),
    updates: new StateFile(files.updates, report('updates')),
    notices,
  };
}

/** Start-up before any server runs: end the orphans of a crashed earlier run. Never throws. */
export async function startDesktop(services: DesktopServices): Promise<void> {
  const { log } = services;
  try {
    const outcomes = await services.processes.cleanupOrphans();
    const ended = outcomes.filter((o) => o.result === 'terminated' || o.result === 'killed').length;
    if (ended > 0)
      log.warn(
        'processes',
        `Ended ${ended} server process group(s) left over from an earlier run.`,
      );
  } catch (err) {
    log.error('processes', 'Orphan cleanup failed', err);
  }
}

/** Reads updates.json, defaulting to off. */
export async function loadUpdatePrefs(file: StateFile<UpdatePrefs>): Promise<UpdatePrefs> {
  const data = (await file.load()) as Partial<UpdatePrefs> | undefined;
  return {
    automatic: data?.automatic === true,
    ...(typeof data?.lastCheck === 'number' && Number.isFinite(data.lastCheck)
      ? { lastCheck: data.lastCheck }
      : {}),
  };
}

/** The settings page's "automatic updates" switch over updates.json (read at the next start). */
export function updatePreference(file: StateFile<UpdatePrefs>): {
  get(): Promise<boolean>;
  set(on: boolean): Promise<void>;
} {
  return {
    get: async () => (await loadUpdatePrefs(file)).automatic,
    set: async (on) => {
      const prefs = await loadUpdatePrefs(file);
      await file.save({ ...prefs, automatic: on });
    },
  };
}
