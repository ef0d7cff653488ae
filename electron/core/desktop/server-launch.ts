// With the RunAsNode fuse off, Lena's own executable cannot act as `node`: a server configured to
// run through it would start a second copy of the app instead. This guard refuses that up front.
// The app's own Node runs only installed `node` bundles, in a utility process (forked-node.ts).
import { basename, resolve, win32 } from 'node:path';
import type { TransportFactory } from '../mcp/manager/types';
import { defaultTransportFactory } from '../mcp/manager/transport-factory';
import { ForkedNodeTransport, nodeScriptOf, type ForkNode } from '../mcp/transports/forked-node';
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

/** How the app runs a `node` bundle with its own Node: the fork function and the shim it starts. */
export interface NodeBundleRunner {
  fork: ForkNode;
  /** Path of node-bundle-shim.cjs beside the built main. */
  shim: string;
}

/**
 * The desktop's transport factory: login-shell PATH, and never the app's own binary as a server.
 * With `nodeBundles`, an installed `node` bundle runs with the app's own Node (a utility process);
 * a sandboxed one keeps the `node` its launch names, found on PATH inside the sandbox, since a
 * utility process is started by Electron and cannot be put in bubblewrap.
 */
export function desktopTransportFactory(
  execPath: string,
  nodeBundles?: NodeBundleRunner,
): TransportFactory {
  const stdio = guardTransportFactory(defaultTransportFactory({ loginShellPath: true }), {
    isElectron: true,
    execPath,
  });
  if (!nodeBundles) return stdio;
  return async (name, launch, hooks) => {
    if (launch.transport !== 'stdio' || !launch.nodeBundle || launch.sandbox)
      return stdio(name, launch, hooks);
    const parts = nodeScriptOf(launch.args);
    if (!parts)
      throw new LenaError(
        ERROR_CODE.invalidConfig,
        "Invalid configuration: the bundle's manifest runs node without a script to run; ask its author for a fixed version",
      );
    return new ForkedNodeTransport({
      fork: nodeBundles.fork,
      shim: nodeBundles.shim,
      ...parts,
      env: launch.env,
      cwd: launch.cwd,
      inheritPath: 'login-shell',
      serviceName: `MCP server ${name}`,
    });
  };
}
