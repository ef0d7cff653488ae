// The sandbox from the command line: `lena mcp add --sandbox` writes the default policy, and
// `lena mcp doctor` says what each sandboxed server may do and which hosts it was refused.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../../skip-reasons';
import { buildCli, FIXTURES, lena, lenaSync, tempHome } from './cli-harness';

const PROBE = join(FIXTURES, 'mcp/sandbox-probe.mjs');

describe.skipIf(skipWhen('no-sandbox'))('the sandbox in lena mcp', () => {
  let home: string;
  let target: Server;
  let refused: string;

  beforeAll(async () => {
    buildCli();
    home = tempHome('lena-cli-sbx-');
    mkdirSync(join(home, 'box'));
    target = createServer((_q, res) => res.end('should never be read'));
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    refused = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    target?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('add --sandbox writes the default policy; --no-sandbox records the choice; remote refuses it', () => {
    const added = lenaSync(home, [
      'mcp',
      'add',
      '--sandbox',
      '-e',
      `PROBE_FETCH_ON_START=${refused}`,
      'probe',
      '--',
      process.execPath,
      PROBE,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const off = lenaSync(home, ['mcp', 'add', '--no-sandbox', 'plain', '--', 'node', 'x.mjs']);
    expect(off.code, off.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'));
    expect(saved.mcpServers.probe.sandbox).toBe(true);
    expect(saved.mcpServers.plain.sandbox).toBe(false);
    const remote = lenaSync(home, [
      'mcp',
      'add',
      '--sandbox',
      '--transport',
      'http',
      'web',
      'https://example.com/mcp',
    ]);
    expect(remote.code).not.toBe(0);
    expect(remote.stderr).toContain('the sandbox is for a local server');
    lenaSync(home, ['mcp', 'remove', 'plain']);
  });

  it('doctor shows the sandbox and the host it refused, in words and in --json', async () => {
    const text = await lena(home, ['mcp', 'doctor']);
    const all = text.stdout + text.stderr;
    expect(all).toMatch(/sandbox: on — can write only to its working folder/);
    expect(all).toContain('no network');
    expect(all).toMatch(/blocked: 127\.0\.0\.1/);
    const json = (await lena(home, ['mcp', 'doctor', '--json'])).json();
    const probe = json.servers.find((s: { name: string }) => s.name === 'probe');
    expect(probe.status).toBe('connected');
    expect(probe.sandbox.state).toBe('on');
    expect(probe.sandbox.blocked).toEqual(['127.0.0.1']);
  });
});
