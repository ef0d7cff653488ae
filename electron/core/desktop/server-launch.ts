// With the RunAsNode fuse off, Lena's own executable cannot act as `node`: a server configured to
// run through it would start a second copy of the app instead. This guard refuses that up front.
import { basename, resolve, win32 } from 'node:path';
import type { TransportFactory } from '../mcp/manager/types';
import { defaultTransportFactory } from '../mcp/manager/transport-factory';
import { ERROR_CODE, LenaError } from '../../../shared/result';

export interface LaunchContext {
  /** True inside Electron (`process.versions.electron` is set). */
  isElectron: boolean;
  /** `process.execPath`: the app binary inside Electron, the node binary under plain Node. */
  execPath: string;
  platform?: NodeJS.Platform;
}

export type LaunchCheck = { ok: true; command: string } | { ok: false; message: string };

/**
 * Accepts `command` for a stdio server unless, inside Electron, it names the app's own binary
 * (by path, or by the binary's file name as a bare command).
 */
export function serverLaunchCommand(command: string, context: LaunchContext): LaunchCheck {
  const trimmed = command.trim();
  if (trimmed === '') {
    return {
      ok: false,
      message: 'The server has no command. Set "command" to a program such as node, npx or uvx.',
    };
  }
  if (!context.isElectron) return { ok: true, command: trimmed };
  const platform = context.platform ?? process.platform;
  const windows = platform === 'win32';
  const fold = (s: string) => (windows ? s.toLowerCase() : s);
  const pathOf = (s: string) => fold(windows ? win32.resolve(s) : resolve(s));
  const nameOf = (s: string) => fold(windows ? win32.basename(s) : basename(s));
  const bare = !/[\\/]/.test(trimmed);
  const exeName = nameOf(context.execPath);
  const sameName =
    bare && (nameOf(trimmed) === exeName || (windows && `${nameOf(trimmed)}.exe` === exeName));
  if (sameName || (!bare && pathOf(trimmed) === pathOf(context.execPath))) {
    return {
      ok: false,
      // "Invalid configuration" makes the manager's restart policy treat it as permanent: no retries.
      message:
        `Invalid configuration: the server command "${trimmed}" is Lena's own executable, which cannot run scripts ` +
        '(packaged builds turn Node mode off). Use node/npx from your PATH, or the absolute path to a Node installation.',
    };
  }
  return { ok: true, command: trimmed };
}

/** Wraps the manager's transport factory so every stdio launch passes serverLaunchCommand first. */
export function guardTransportFactory(
  inner: TransportFactory,
  context: LaunchContext,
): TransportFactory {
  return (name, launch, hooks) => {
    if (launch.transport === 'stdio') {
      const check = serverLaunchCommand(launch.command, context);
      if (!check.ok) throw new LenaError(ERROR_CODE.invalidConfig, check.message);
    }
    return inner(name, launch, hooks);
  };
}

/** The desktop's transport factory: login-shell PATH, and never the app's own binary as a server. */
export function desktopTransportFactory(execPath: string): TransportFactory {
  return guardTransportFactory(defaultTransportFactory({ loginShellPath: true }), {
    isElectron: true,
    execPath,
  });
}
