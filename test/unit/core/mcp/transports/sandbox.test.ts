// Sandboxed stdio servers with real bubblewrap (RELIABILITY.md security 37): a probe server under
// a fake HOME cannot read its keys, cannot write outside its folder, can write inside it, reaches
// the allowed loopback target through the sandbox's proxy and is refused the other (a recorded
// refusal); server-filesystem from npm works on its folder; arguments reach the server literally;
// a PATH without bubblewrap refuses the start with the remedy, never an unsandboxed start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from '../../../../../electron/core/mcp/client';
import type { StdioLaunch } from '../../../../../electron/core/mcp/config/expand';
import type { McpTransportError } from '../../../../../electron/core/mcp/errors';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import type { StdioTransport } from '../../../../../electron/core/mcp/transports/stdio';
import {
  noticesIn,
  refusedHost,
} from '../../../../../electron/core/mcp/transports/sandbox/notices';
import type { TextContent } from '../../../../../shared/mcp-types';
import type { SandboxPolicy } from '../../../../../shared/server-config';
import { fixture, reference } from '../harness';
import { skipWhen } from '../../../../skip-reasons';

const base = mkdtempSync(join(tmpdir(), 'lena-sbx-test-'));
const home = join(base, 'home');
const box = join(base, 'box');
const outside = join(base, 'outside');
for (const d of [join(home, '.ssh'), box, outside]) mkdirSync(d, { recursive: true });
writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
const env = { ...process.env, HOME: home, LENA_HOME: join(base, 'lena') };
const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

async function start(
  args: string[],
  sandbox: true | SandboxPolicy,
  launchEnv: Record<string, string> = { HOME: home },
): Promise<{ client: McpClient; transport: StdioTransport }> {
  const launch: StdioLaunch = {
    transport: 'stdio',
    command: process.execPath,
    args,
    env: launchEnv,
    cwd: box,
    sandbox,
    requestTimeoutMs: 20_000,
    startupTimeoutMs: 20_000,
  };
  const transport = (await defaultTransportFactory({ env })('probe', launch)) as StdioTransport;
  const client = new McpClient(transport, {});
  await client.connect();
  return { client, transport };
}

describe.skipIf(skipWhen('no-sandbox'))('sandboxed stdio servers (bubblewrap)', () => {
  const targets: Server[] = [];
  let allowed = '';
  let refused = '';
  let probe: { client: McpClient; transport: StdioTransport };
  const odd = 'a; touch pwned $(touch pwned2) "double" \'single\' `touch pwned3`';

  beforeAll(async () => {
    for (const name of ['allowed', 'refused']) {
      const server = createServer((_q, res) => res.end(`hello from ${name}`));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      targets.push(server);
    }
    allowed = `127.0.0.1:${(targets[0].address() as AddressInfo).port}`;
    refused = `127.0.0.1:${(targets[1].address() as AddressInfo).port}`;
    probe = await start([fixture('sandbox-probe.mjs'), odd], {
      network: { allowedDomains: [allowed] },
    });
  }, 30_000);

  afterAll(async () => {
    await probe?.client.close();
    for (const t of targets) t.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('serves an ordinary tools/call', async () => {
    expect(text(await probe.client.callTool('echo', { text: 'inside' }))).toBe('inside');
  });

  it("cannot read a key under the server's HOME", async () => {
    const r = await probe.client.callTool('read', { path: join(home, '.ssh', 'id_rsa') });
    expect(r.isError).toBe(true);
    expect(text(r)).not.toContain('PRIVATE KEY');
  });

  it('writes inside its folder and nowhere else', async () => {
    const inside = await probe.client.callTool('write', { path: join(box, 'note.txt') });
    expect(text(inside)).toBe('ok');
    expect(existsSync(join(box, 'note.txt'))).toBe(true);
    const out = await probe.client.callTool('write', { path: join(outside, 'escape.txt') });
    expect(out.isError).toBe(true);
    expect(text(out)).toMatch(/read-only|EROFS|EACCES|EPERM/i);
    expect(existsSync(join(outside, 'escape.txt'))).toBe(false);
  });

  it('reaches the allowed target through the proxy; the other is refused and recorded', async () => {
    const ok = await probe.client.callTool('fetch', { url: `http://${allowed}/` });
    expect(text(ok)).toBe('200 hello from allowed');
    const no = await probe.client.callTool('fetch', { url: `http://${refused}/` });
    expect(text(no)).not.toContain('hello from refused');
    await expect
      .poll(() => noticesIn(probe.transport.stderrTail()).map(refusedHost))
      .toContain('127.0.0.1');
    const lines = noticesIn(probe.transport.stderrTail()).filter((n) => n.kind === 'violation');
    expect(JSON.stringify(lines)).toContain(refused);
  });

  it('runs two servers with different allow lists side by side, each held to its own', async () => {
    const other = await start([fixture('sandbox-probe.mjs'), 'other'], {
      network: { allowedDomains: [refused] },
    });
    try {
      const mine = await other.client.callTool('fetch', { url: `http://${refused}/` });
      expect(text(mine)).toBe('200 hello from refused');
      const theirs = await other.client.callTool('fetch', { url: `http://${allowed}/` });
      expect(text(theirs)).not.toContain('hello from allowed');
      const first = await probe.client.callTool('fetch', { url: `http://${refused}/` });
      expect(text(first)).not.toContain('hello from refused');
      // The proxy lives in this process: no helper program stands between Lena and the server.
      const parent = readFileSync(`/proc/${other.transport.pid}/stat`, 'utf8').split(' ')[3];
      expect(Number(parent)).toBe(process.pid);
    } finally {
      await other.client.close();
    }
  });

  it('passes an argument with ; $(…) and quotes literally, through no shell', async () => {
    expect(JSON.parse(text(await probe.client.callTool('argv', {})))).toEqual([odd]);
    for (const f of ['pwned', 'pwned2', 'pwned3']) expect(existsSync(join(box, f))).toBe(false);
  });

  it('runs server-filesystem from npm on its folder', async () => {
    const fs = await start([reference('server-filesystem'), box], true);
    try {
      const path = join(box, 'from-fs.txt');
      const w = await fs.client.callTool('write_file', { path, content: 'hi' });
      expect(w.isError ?? false).toBe(false);
      expect(existsSync(path)).toBe(true);
      const listing = text(await fs.client.callTool('list_directory', { path: box }));
      expect(listing).toContain('from-fs.txt');
    } finally {
      await fs.client.close();
    }
  }, 30_000);
});

describe('a machine without bubblewrap', () => {
  it('refuses to start the server, naming what is missing and how to install it', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'lena-sbx-path-'));
    const launch: StdioLaunch = {
      transport: 'stdio',
      command: process.execPath,
      args: [fixture('sandbox-probe.mjs')],
      env: { PATH: `${bin}:${dirname(process.execPath)}` },
      sandbox: true,
      requestTimeoutMs: 5_000,
      startupTimeoutMs: 5_000,
    };
    const error = (await defaultTransportFactory({ env })('probe', launch).then(
      () => undefined,
      (e: unknown) => e,
    )) as McpTransportError;
    expect(error?.code).toBe('sandbox-unavailable');
    expect(error.message).toContain('bubblewrap');
    expect(error.message).toContain('apt install bubblewrap socat ripgrep');
    rmSync(bin, { recursive: true, force: true });
  });
});
