// `lena chat` starting its servers as a user watches: the built command line, a temporary
// LENA_HOME, the filesystem reference server, scripted misbehaving peers (one never answers the
// handshake, one crashes, one is slow) and the stand-in Messages API.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../fixtures/messages-api';
import { buildCli, CLI, FIXTURES, ROOT, SERVERS, tempHome } from './cli-harness';

const FS = join(SERVERS, 'server-filesystem/dist/index.js');
const PEER = join(FIXTURES, 'manager/peer.mjs');
let home: string;
let api: MessagesApiServer;

/** Runs `lena ARGS…`; `stderrSoFar()` is what it had said on stderr at any moment. */
function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH!,
      HOME: home,
      LENA_HOME: home,
      ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
      ANTHROPIC_BASE_URL: api.url,
    },
  });
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
  return { done, started, stderrSoFar: () => stderr };
}

const toolNames = (req: RecordedRequest) =>
  ((req.body.tools ?? []) as { name: string }[]).map((t) => t.name);

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-start-');
  const files = join(home, 'files');
  mkdirSync(files);
  const peer = (env: Record<string, string>, startupTimeout = 20) => ({
    command: process.execPath,
    args: [PEER],
    env,
    startupTimeout,
  });
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        fs: { command: process.execPath, args: [FS, files] },
        mute: peer({ PEER_MODE: 'hang' }),
        broken: peer({ PEER_MODE: 'crash-at-start' }),
        late: peer({ PEER_DELAY_MS: '4500', PEER_TOOLS: 'late_tool' }),
      },
    }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat starting servers', () => {
  it('begins at the start deadline, names every server not available first, and a late one joins', async () => {
    let saidBeforeFirstRequest = '';
    let firstRequestAfterMs = 0;
    const c = run(['chat', '-p', 'list', '--start-timeout', '3', '--allow', 'mcp__fs']);
    api.push(
      async () => {
        firstRequestAfterMs = Date.now() - c.started;
        saidBeforeFirstRequest = c.stderrSoFar();
        // The late server becomes ready while this round is answered.
        await new Promise((r) => setTimeout(r, 3500));
        return reply(toolUse('mcp__fs__list_allowed_directories', {}, 'toolu_start'));
      },
      reply(text('Listed.')),
    );
    const r = await c.done;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Listed.\n');
    // One progress line per server (stderr is not a terminal here).
    expect(saidBeforeFirstRequest).toMatch(/lena: starting 4 server\(s\): fs, mute, broken, late/);
    expect(saidBeforeFirstRequest).toMatch(/lena: fs ready \(\d+ tools?, \d+ ms\)/);
    expect(saidBeforeFirstRequest).toMatch(/lena: broken failed/);
    // Every server not available, with its reason, before the first request went out.
    expect(saidBeforeFirstRequest).toMatch(
      /lena: mute is not available: still starting after 3 s; its tools join this chat when it is ready/,
    );
    expect(saidBeforeFirstRequest).toMatch(/lena: late is not available: still starting/);
    expect(saidBeforeFirstRequest).toMatch(
      /lena: broken is not available: .*exited with code 3.*last words on stderr: fatal: cannot start/,
    );
    // Bounded: the deadline (3 s) plus the command's own start, not the mute server's 20 s.
    expect(firstRequestAfterMs).toBeLessThan(6000);
    const [first, second] = api.messageRequests().slice(-2);
    expect(toolNames(first)).toContain('mcp__fs__list_allowed_directories');
    expect(toolNames(first)).not.toContain('mcp__late__late_tool');
    expect(toolNames(second)).toContain('mcp__late__late_tool');
    expect(r.stderr).toMatch(/lena: late is ready now; its tools join from the next round/);
  });

  it('--json reports each server with its state and reason; a bad --start-timeout is a usage error', async () => {
    api.push(reply(text('ok')));
    const r = await run(['chat', '-p', 'hi', '--start-timeout', '3', '--json']).done;
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const byName = Object.fromEntries(
      (out.servers as { name: string; reason?: string }[]).map((s) => [s.name, s]),
    );
    expect(byName.fs).toMatchObject({ state: 'ready', tools: expect.any(Number) });
    expect(byName.fs.reason).toBeUndefined();
    expect(byName.mute).toMatchObject({
      state: 'still-starting',
      reason: expect.stringMatching(/still starting after 3 s/),
    });
    expect(byName.broken).toMatchObject({ state: 'failed', reason: expect.any(String) });
    const bad = await run(['chat', '-p', 'hi', '--start-timeout', 'soon']).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--start-timeout soon: give the seconds/);
  });
});
