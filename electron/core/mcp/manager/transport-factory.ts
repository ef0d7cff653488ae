// Builds the transport a launch spec asks for. Transport modules load lazily, so a user with only
// stdio servers never pays for the HTTP stack at start-up.
import type { LaunchSpec } from '../config/expand';
import type { ManagedTransport, TransportHooks } from './types';
import type { StdioOptions } from '../transports/stdio';
import { loginShellPath } from '../transports/login-shell-path';
import { resolveLenaHome } from '../../home';

export interface FactoryOptions {
  /** Use the login shell's PATH for stdio servers (desktop launch); the command line keeps its own. */
  loginShellPath?: boolean;
  /** The environment servers start from (default process.env): PATH, HOME and LENA_HOME for the sandbox. */
  env?: NodeJS.ProcessEnv;
  /**
   * Wait after closing a stdio server's stdin, and after SIGTERM, before escalating. The window
   * keeps the transport's default (servers flush); the command line's one-shot commands end them
   * promptly once their answer is out.
   */
  shutdownGraceMs?: number;
  /** One-shot: stdio servers are ended by a detached reaper after the grace (stdio.ts). */
  endInBackground?: boolean;
}

export function defaultTransportFactory(options: FactoryOptions = {}) {
  return async (
    _name: string,
    launch: LaunchSpec,
    hooks: TransportHooks = {},
  ): Promise<ManagedTransport> => {
    if (launch.transport === 'stdio') {
      const { StdioTransport } = await import('../transports/stdio');
      const stdio: StdioOptions = {
        command: launch.command,
        args: launch.args,
        env: launch.env,
        cwd: launch.cwd,
        inheritPath: options.loginShellPath ? 'login-shell' : 'process',
        ...(options.shutdownGraceMs !== undefined
          ? { shutdownGraceMs: options.shutdownGraceMs }
          : {}),
        ...(options.endInBackground ? { endInBackground: true } : {}),
      };
      if (!launch.sandbox) return new StdioTransport(stdio);
      const { sandboxedStdio } = await import('../transports/sandbox');
      const env = options.env ?? process.env;
      const path = options.loginShellPath ? ((await loginShellPath()) ?? env.PATH) : env.PATH;
      // A sandboxed server is waited for: its sandbox (proxy, mounts) is released after it exits.
      return sandboxedStdio({ ...stdio, endInBackground: false }, launch.sandbox, {
        path: launch.env.PATH ?? path,
        home: launch.env.HOME ?? env.HOME,
        lenaHome: resolveLenaHome(env),
        env,
        preinstalledAt: launch.preinstalledAt ?? null,
      });
    }
    const { createHttpTransport } = await import('./http-transport-factory');
    return createHttpTransport(launch, hooks);
  };
}
