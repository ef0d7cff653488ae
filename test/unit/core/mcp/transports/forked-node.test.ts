// A node bundle run by Lena's own Node: the transport forks the shim (electron/main/
// node-bundle-shim.cjs), which feeds process.stdin from messages and loads the bundle's entry. In
// the app the fork is Electron's utilityProcess; here it is Node's child_process.fork, whose IPC
// channel the shim reads the same way.
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../../../../electron/core/mcp/client';
import type { McpTransportError } from '../../../../../electron/core/mcp/errors';
import {
  ForkedNodeTransport,
  nodeScriptOf,
  type ForkNode,
} from '../../../../../electron/core/mcp/transports/forked-node';
import type { TransportCloseInfo } from '../../../../../electron/core/mcp/transport';
import { ERROR_CODE } from '../../../../../shared/result';
import type { TextContent } from '../../../../../shared/mcp-types';
import { BUNDLE_SERVER } from '../../../../fixtures/bundles/make-bundle';
import { root } from '../harness';

const SHIM = join(root, 'electron/main/node-bundle-shim.cjs');

let dir: string;
let children: ChildProcess[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-forked-node-'));
  children = [];
});
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Node's fork in the shape of Electron's utilityProcess.fork: pipes for stdout and stderr only. */
const nodeFork: ForkNode = (modulePath, args, { execArgv, cwd, env }) => {
  const child = fork(modulePath, args, {
    execArgv,
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    postMessage: (message) => child.send(message, () => undefined),
    kill: () => child.kill(),
    once(event: 'spawn' | 'exit', listener: (code: number) => void) {
      child.once(event, (code: number | null) => listener(code ?? 1));
      return this;
    },
  };
};

/** The test bundle's server installed as a bundle folder would hold it. */
function bundleFolder(): string {
  mkdirSync(join(dir, 'server'));
  copyFileSync(BUNDLE_SERVER, join(dir, 'server', 'index.mjs'));
  return dir;
}

const closed = (transport: ForkedNodeTransport) =>
  new Promise<TransportCloseInfo>((resolve, reject) =>
    transport
      .start({ onMessage: () => undefined, onError: () => undefined, onClose: resolve })
      .catch(reject),
  );

describe("a node bundle on Lena's own Node", () => {
  it('answers initialize and a tool call through the shim, and leaves by itself when stdin ends', async () => {
    const folder = bundleFolder();
    const transport = new ForkedNodeTransport({
      fork: nodeFork,
      shim: SHIM,
      ...nodeScriptOf(['server/index.mjs', '--root=/home/someone', 'two words'])!,
      env: { UNITS: 'imperial' },
      cwd: folder,
      // Long enough that a server that had to be killed would show in the time taken.
      shutdownGraceMs: 10_000,
    });
    const client = new McpClient(transport);
    await client.connect();
    expect(client.serverInfo?.name).toBe('bundle-server');
    expect((await client.listTools()).map((t) => t.name)).toEqual(['whoami']);
    const result = await client.callTool('whoami', {});
    const said = JSON.parse((result.content[0] as TextContent).text) as Record<string, unknown>;
    expect(said).toEqual({
      dir: join(folder, 'server'),
      args: ['--root=/home/someone', 'two words'],
      units: 'imperial',
      keyDigest: null,
      node: process.execPath,
    });
    const child = children.at(-1)!;
    expect(transport.pid).toBe(child.pid);
    // Never a process group: in the app it would be Electron's own.
    expect(transport.pgid).toBeUndefined();

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = Date.now();
    await client.close();
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reports a crash with its exit code and stderr, as a spawned server's exit", async () => {
    writeFileSync(
      join(dir, 'crash.cjs'),
      "process.stdin.once('data', () => { console.error('Error: no forecast today'); process.exit(3); });",
    );
    const transport = new ForkedNodeTransport({
      fork: nodeFork,
      shim: SHIM,
      script: 'crash.cjs',
      cwd: dir,
    });
    const info = closed(transport);
    await expect.poll(() => transport.startedAt).toBeDefined();
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(await info).toMatchObject({
      reason: 'the server process exited with code 3',
      exitCode: 3,
      stderrTail: expect.stringContaining('Error: no forecast today'),
    });
    await expect(transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' })).rejects.toThrow(
      /cannot write to .*exited with code 3/,
    );
  });

  it('refuses a bundle whose entry is missing before starting anything', async () => {
    const transport = new ForkedNodeTransport({
      fork: nodeFork,
      shim: SHIM,
      script: 'server/gone.mjs',
      cwd: dir,
    });
    const err = (await closed(transport).catch((e: unknown) => e)) as McpTransportError;
    expect(err.code).toBe(ERROR_CODE.badCommand);
    expect(err.message).toBe(
      `the bundle's entry ${join(dir, 'server/gone.mjs')} does not exist; install the bundle again`,
    );
    expect(children).toHaveLength(0);
  });

  it('splits a launch into Node flags, the entry and its arguments', () => {
    expect(nodeScriptOf(['--enable-source-maps', '/b/index.js', '-v', 'x'])).toEqual({
      execArgv: ['--enable-source-maps'],
      script: '/b/index.js',
      args: ['-v', 'x'],
    });
    expect(nodeScriptOf(['--version'])).toBeUndefined();
  });
});
