import { describe, expect, it } from 'vitest';
import {
  desktopTransportFactory,
  guardTransportFactory,
  serverLaunchCommand,
} from '../../../../electron/core/desktop/server-launch';
import { ForkedNodeTransport } from '../../../../electron/core/mcp/transports/forked-node';
import { StdioTransport } from '../../../../electron/core/mcp/transports/stdio';
import { isPermanentFailure } from '../../../../electron/core/mcp/manager/restart-policy';
import { failureInfo } from '../../../../electron/core/mcp/manager/failure';
import type { ManagedTransport } from '../../../../electron/core/mcp/manager/types';

const linuxApp = { isElectron: true, execPath: '/opt/Lena/lena', platform: 'linux' as const };

describe('serverLaunchCommand', () => {
  it('refuses the app binary inside Electron, by path or by name, pointing at node/npx', () => {
    for (const command of ['/opt/Lena/lena', '/opt/Lena/../Lena/lena', 'lena']) {
      const r = serverLaunchCommand(command, linuxApp);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/use node\/npx from your PATH/i);
    }
  });

  it('refuses process.execPath on Windows whatever the case or the .exe suffix', () => {
    const win = {
      isElectron: true,
      execPath: 'C:\\Program Files\\Lena\\Lena.exe',
      platform: 'win32' as const,
    };
    expect(serverLaunchCommand('c:\\program files\\lena\\lena.exe', win).ok).toBe(false);
    expect(serverLaunchCommand('Lena', win).ok).toBe(false);
    expect(serverLaunchCommand('npx.cmd', win)).toEqual({ ok: true, command: 'npx.cmd' });
  });

  it('accepts node, npx and uvx from PATH, and absolute node paths', () => {
    for (const command of ['node', 'npx', 'uvx', '/usr/bin/node']) {
      expect(serverLaunchCommand(command, linuxApp)).toEqual({ ok: true, command });
    }
  });

  it('accepts process.execPath under plain Node (the command line), where it is node', () => {
    expect(
      serverLaunchCommand(process.execPath, { isElectron: false, execPath: process.execPath }).ok,
    ).toBe(true);
  });

  it('refuses an empty command with what to set', () => {
    const r = serverLaunchCommand('  ', linuxApp);
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/Set "command"/) });
  });

  it('stops the manager from spawning the app binary, as a failure it will not retry', async () => {
    const spawned: string[] = [];
    const inner = (name: string) => {
      spawned.push(name);
      return {} as ManagedTransport;
    };
    const factory = guardTransportFactory(inner, linuxApp);
    const stdio = (command: string) => ({
      transport: 'stdio' as const,
      command,
      args: [],
      env: {},
      startupTimeoutMs: 1,
      requestTimeoutMs: 1,
    });
    let thrown: unknown;
    try {
      await factory('self', stdio('/opt/Lena/lena'));
    } catch (err) {
      thrown = err;
    }
    const failure = failureInfo(thrown, (thrown as Error).message);
    expect(failure.message).toMatch(/Lena's own executable/);
    expect(isPermanentFailure(failure)).toBe(true);
    await factory('ok', stdio('npx'));
    expect(spawned).toEqual(['ok']);
  });

  it("runs an unsandboxed node bundle with the app's own Node and everything else as a command", async () => {
    const forks: string[] = [];
    const factory = desktopTransportFactory('/opt/Lena/lena', {
      shim: '/opt/Lena/resources/app.asar/out/main/node-bundle-shim.cjs',
      fork: (modulePath) => {
        forks.push(modulePath);
        throw new Error('not started in this test');
      },
    });
    const launch = {
      transport: 'stdio' as const,
      command: 'node',
      args: ['/home/u/.lena/extensions/w/1.0.0/server/index.mjs', '--units=metric'],
      env: {},
      startupTimeoutMs: 1,
      requestTimeoutMs: 1,
    };
    expect(await factory('w', { ...launch, nodeBundle: true })).toBeInstanceOf(ForkedNodeTransport);
    // The sandbox wraps a command; a utility process cannot be put in it: PATH's node runs there.
    const sandboxed = await factory('w', { ...launch, nodeBundle: true, sandbox: true });
    expect(sandboxed).not.toBeInstanceOf(ForkedNodeTransport);
    expect(sandboxed.description).toContain(
      'node /home/u/.lena/extensions/w/1.0.0/server/index.mjs',
    );
    expect(await factory('plain', launch)).toBeInstanceOf(StdioTransport);
    const noScript = await (
      factory('w', { ...launch, args: ['--version'], nodeBundle: true }) as Promise<unknown>
    ).catch((e: unknown) => e);
    expect(isPermanentFailure(failureInfo(noScript, (noScript as Error).message))).toBe(true);
    expect(forks).toEqual([]);
  });
});
