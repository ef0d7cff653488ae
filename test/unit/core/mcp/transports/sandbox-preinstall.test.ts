// "Pre-install" for an npx entry, with no network: a local package tarball (`npm pack` of a tiny
// MCP server) and npm's cache in a temporary folder. The pre-install (run unsandboxed) fills the very
// install folder npx uses; started sandboxed as pre-installed, the server runs offline with only
// that folder writable and no registry, and connects. Real npm, real bubblewrap.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { McpClient } from '../../../../../electron/core/mcp/client';
import type { StdioLaunch } from '../../../../../electron/core/mcp/config/expand';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import type { SandboxedStdioTransport } from '../../../../../electron/core/mcp/transports/sandbox';
import {
  npxHash,
  preinstallArgv,
} from '../../../../../electron/core/mcp/transports/sandbox/package-runners';
import { skipWhen } from '../../../../skip-reasons';
import { preinstall } from '../../../../../electron/core/host/services/preinstall';

const PEER = resolve(__dirname, '../../../../fixtures/manager/peer.mjs');
const base = mkdtempSync(join(tmpdir(), 'lena-preinstall-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A package whose bin is the scripted peer, packed into a tarball; returns its path. */
function packFixture(): string {
  const pkg = join(base, 'pkg');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'lena-preinstall-fixture', version: '1.0.0', bin: 'bin/server.mjs' }),
  );
  writeFileSync(
    join(pkg, 'bin', 'server.mjs'),
    `#!/usr/bin/env node\nawait import(${JSON.stringify(PEER)});\n`,
  );
  const out = join(base, 'packed');
  mkdirSync(out);
  execFileSync('npm', ['pack', '--pack-destination', out], { cwd: pkg, stdio: 'ignore' });
  return join(out, readdirSync(out)[0]);
}

describe('pre-install for npx', () => {
  it('builds a command that installs the same packages without starting the server', async () => {
    expect(preinstallArgv('npx', ['-y', '@scope/server', '--root', '/x'])).toEqual([
      'npx',
      '--yes',
      '--package=@scope/server',
      '--',
      'node',
      '-e',
      '',
    ]);
    expect(preinstallArgv('uvx', ['mcp-server-fetch@1.2'])).toEqual([
      'uvx',
      '--from',
      'mcp-server-fetch==1.2',
      'python',
      '-c',
      '',
    ]);
    expect(preinstallArgv('node', ['server.js'])).toBeNull();
    // An entry that is not a sandboxed runner has nothing to pre-install.
    const server = (entry: Record<string, unknown>) => ({
      name: 'x',
      scope: 'user' as const,
      file: join(base, 'mcp.json'),
      entry,
      disabled: false,
      issues: [],
      shadowed: [],
    });
    await expect(preinstall(server({ command: 'npx', args: ['-y', 'x'] }), {})).rejects.toThrow(
      /not a sandboxed npx or uvx server/,
    );
    await expect(
      preinstall(server({ command: 'npx', args: ['-y', '${PKG}'], sandbox: true }), {}),
    ).rejects.toThrow(/cannot tell which package/);
  });

  it.skipIf(skipWhen('no-sandbox'))(
    'fills npx’s install folder; the sandboxed server then runs offline from it',
    async () => {
      const tarball = packFixture();
      const home = join(base, 'home');
      const cache = join(base, 'npm-cache');
      mkdirSync(home);
      const env = { npm_config_cache: cache, npm_config_audit: 'false', npm_config_fund: 'false' };
      // npx runs an argument with a slash as a file, so the tarball comes as its --package.
      const args = ['-y', `--package=${tarball}`, 'lena-preinstall-fixture'];
      // A user entry in Lena's mcp.json runs in Lena's working folder.
      const entry = { command: 'npx', args, env: { ...env, HOME: home }, cwd: base, sandbox: true };
      const done = await preinstall(
        {
          name: 'fixture',
          scope: 'user',
          file: join(base, 'mcp.json'),
          entry,
          disabled: false,
          issues: [],
          shadowed: [],
        },
        process.env,
      );
      expect(done.command).toEqual([
        'npx',
        '--yes',
        `--package=${tarball}`,
        '--',
        'node',
        '-e',
        '',
      ]);
      const installDir = join(cache, '_npx', npxHash([tarball], base));
      expect(existsSync(join(installDir, 'node_modules', 'lena-preinstall-fixture'))).toBe(true);

      const launch: StdioLaunch = {
        transport: 'stdio',
        command: 'npx',
        args,
        env: { ...env, HOME: home },
        cwd: base,
        sandbox: true,
        preinstalledAt: '2026-12-05T00:00:00.000Z',
        requestTimeoutMs: 30_000,
        startupTimeoutMs: 30_000,
      };
      const transport = (await defaultTransportFactory({
        env: { ...process.env, HOME: home, LENA_HOME: join(base, 'lena') },
      })('fixture', launch)) as SandboxedStdioTransport;
      // Only its install folder (and its own temporary folder) is writable; no registry.
      expect(transport.sandbox.settings.filesystem.allowWrite).toContain(installDir);
      expect(transport.sandbox.settings.filesystem.allowWrite).not.toContain(cache);
      expect(transport.sandbox.settings.network.allowedDomains).toEqual([]);
      expect(transport.sandbox.notes.join('\n')).toContain('npx was pre-installed on 2026-12-05');
      const client = new McpClient(transport, {});
      try {
        await client.connect();
        expect(client.serverInfo?.name).toBeTruthy();
      } finally {
        await client.close();
      }
    },
    120_000,
  );
});
