// `lena chat -p` as a user runs it: the built command line, a temporary LENA_HOME, a real MCP
// server, and the scripted Messages API through ANTHROPIC_BASE_URL.
import { costOf, priceFor } from '../../../shared/prices';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { b64, jpegBytes } from '../../fixtures/images';
import {
  apiError,
  reply,
  scenario,
  startMessagesApiServer,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
const FS = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
let home: string;
let files: string;
let api: MessagesApiServer;

/** Runs the CLI asynchronously (the scripted API server lives in this process). */
function lena(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH!,
        HOME: home,
        LENA_HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
        ANTHROPIC_BASE_URL: api.url,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-chat-cli-'));
  files = join(home, 'files');
  mkdirSync(files);
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS, files] } } }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat -p', () => {
  it('exits 3 with the reason when Claude declines, and 4 when the answer is cut off', async () => {
    api.push(scenario.refusal('The request asks for malware.', 'cyber'));
    const refused = await lena(['chat', '-p', 'write ransomware']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(
      /Claude declined to answer this request \(category: cyber\)\. The request asks for malware\./,
    );
    api.push(scenario.maxTokens('A long answer that'));
    const cut = await lena(['chat', '-p', 'write a long essay']);
    expect(cut.code).toBe(6);
    expect(cut.stderr).toMatch(/cut off at the limit/);
  });

  it('the built CLI reads images from their bytes (file-type, an ESM-only package, loads in the bundle)', async () => {
    const path = join(files, 'misnamed.png');
    writeFileSync(path, jpegBytes(32, 24));
    api.push(
      reply(toolUse('mcp__fs__read_media_file', { path }, 'toolu_media')),
      reply(text('A small photo.')),
    );
    const r = await lena([
      'chat',
      '-p',
      'what is in misnamed.png?',
      '--allow',
      'mcp__fs__read_media_file',
    ]);
    expect(r.stderr).not.toMatch(/ERR_REQUIRE|Cannot find module|Error:/);
    expect(r.code).toBe(0);
    const [result] = toolResultsOf(api.messageRequests().at(-1)!);
    expect(JSON.stringify(result.content)).toContain('"media_type":"image/jpeg"');
    expect(JSON.stringify(result.content).split(b64(jpegBytes(32, 24))).length - 1).toBe(1);
  });

  it('streams a plain answer to stdout and stores the conversation in Lena’s home', async () => {
    api.push(reply(text('Paris is the capital of France.', 4)));
    const r = await lena(['chat', '-p', 'Capital of France?']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Paris is the capital of France.\n');
    expect(existsSync(join(home, 'lena.db'))).toBe(true);
    const sent = api.messageRequests().at(-1)!;
    expect(sent.usedKey('sk-ant-cli-test-key')).toBe(true);
    expect(JSON.stringify(sent.body.messages)).toContain('Capital of France?');
  });

  it('runs a tool allowed with --allow and prints the JSON summary', async () => {
    const path = join(files, 'cli.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path, content: 'from the cli' }, 'toolu_cli')),
      (req) =>
        reply(
          text(`ok: ${toolResultText(toolResultsOf(req)[0].content).includes('Successfully')}`),
        ),
    );
    const r = await lena(['chat', '-p', 'write it', '--allow', 'mcp__fs__write_file', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      conversationId: expect.any(String),
      text: 'ok: true',
      toolCalls: [
        {
          name: 'mcp__fs__write_file',
          input: { path, content: 'from the cli' },
          isError: false,
          decision: 'rule allow mcp__fs__write_file (cli)',
        },
      ],
      stopReason: 'end_turn',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
    expect(readFileSync(path, 'utf8')).toBe('from the cli');
  });

  it('denies a tool that would need a dialog and says why', async () => {
    const path = join(files, 'denied.txt');
    api.push(reply(toolUse('mcp__fs__write_file', { path, content: 'nope' }, 'toolu_no')), (req) =>
      reply(text(toolResultText(toolResultsOf(req)[0].content))),
    );
    const r = await lena(['chat', '-p', 'write it']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/mcp__fs__write_file denied: cli: needs approval/);
    expect(r.stderr).toMatch(/use --allow mcp__fs__write_file/);
    expect(r.stdout).toMatch(/needs approval/);
    expect(existsSync(path)).toBe(false);
  });

  it('continues a conversation with --conversation', async () => {
    api.push(reply(text('first')));
    const first = JSON.parse((await lena(['chat', '-p', 'one', '--json'])).stdout);
    api.push(reply(text('second')));
    const second = JSON.parse(
      (await lena(['chat', '-p', 'two', '--conversation', first.conversationId, '--json'])).stdout,
    );
    expect(second.conversationId).toBe(first.conversationId);
    expect(JSON.stringify(api.messageRequests().at(-1)!.body.messages)).toContain('first');
    // Usage and cost per turn, priced by the one table; the conversation's meter adds them up.
    const [turn] = second.turns;
    expect(turn.usage).toEqual(second.usage);
    expect(second.cost.usd).toBeCloseTo(costOf(second.usage, priceFor(turn.model))!, 12);
    expect(second.cost.usd).toBeGreaterThan(0);
    expect(second.conversation).toMatchObject({ turns: 2, unpricedTurns: 0 });
    expect(second.conversation.costUsd).toBeCloseTo(first.cost.usd + second.cost.usd, 12);
  });

  it('ends the human output with one line of tokens, cost and the conversation', async () => {
    api.push(reply(text('priced')));
    const r = await lena(['chat', '-p', 'what does it cost?']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(
      /^lena: [\d,]+ input .*\+ [\d,]+ output tokens · \$[\d.]+ this turn · .*context \d+% of [\d,]+ · conversation \S+; go on with: lena chat --continue/,
    );
  });

  it('exits non-zero with a clear message on an API error, and never prints the key', async () => {
    api.push(apiError.authentication());
    const r = await lena(['chat', '-p', 'hi']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused the API key \(401\)/);
    expect(r.stdout + r.stderr).not.toContain('sk-ant-cli-test-key');
    const noKey = await lena(['chat', '-p', 'hi'], { ANTHROPIC_API_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/ANTHROPIC_API_KEY/);
  });

  it('separates the text of consecutive rounds with a blank line', async () => {
    const path = join(files, 'rounds.txt');
    writeFileSync(path, 'x');
    api.push(
      reply(
        text('Let me look at the file.'),
        toolUse('mcp__fs__read_text_file', { path }, 'toolu_rounds'),
      ),
      () => reply(text('It holds one letter.')),
    );
    const r = await lena(['chat', '-p', 'what is in it?', '--allow', 'mcp__fs__read_text_file']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Let me look at the file.\n\nIt holds one letter.\n');
  });

  it('takes the API address from --base-url, and its errors name ANTHROPIC_BASE_URL and --base-url, not Settings', async () => {
    api.push(reply(text('via the flag')));
    const r = await lena(['chat', '-p', 'hi', '--base-url', api.url], {
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/unused',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('via the flag\n');
    const down = await lena(['chat', '-p', 'hi', '--base-url', 'http://127.0.0.1:9']);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/ANTHROPIC_BASE_URL or --base-url/);
    expect(down.stderr).not.toMatch(/Settings/);
    api.push(apiError.authentication());
    const refused = await lena(['chat', '-p', 'hi']);
    expect(refused.stderr).toMatch(
      /refused the API key \(401\)\. Set ANTHROPIC_API_KEY to a valid key\./,
    );
  });
});
