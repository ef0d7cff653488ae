// Terminal control sequences in server text (RELIABILITY.md security 33): a hostile server puts
// OSC 52, OSC 8, cursor movement, conceal, C1, bidi, zero-width and DEL in every word it sends,
// and the built `lena` prints none of them raw. Plain text shows them as the window's markers;
// --json carries them only as \u escapes, and parses back to the server's exact text.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRequestedSchema } from '../../../shared/elicitation-form';
import { terminalAsker } from '../../../electron/cli/terminal-questions';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { HOSTILE } from '../../fixtures/mcp/terminal-escapes-peer.mjs';
import { buildCli, FIXTURES, lena, tempHome, type CliRun } from './cli-harness';

const PEER = join(FIXTURES, 'mcp/terminal-escapes-peer.mjs');

/** HOSTILE as a terminal must show it: each sequence whole and inert, each hidden character named. */
const MARKED =
  'A⟦ESC]52;c;cHduZWQ=^G⟧B⟦ESC]8;;https://evil.example/^G⟧docs⟦ESC]8;;^G⟧C⟦ESC[2A⟧⟦ESC[2K⟧D⟦ESC[8m⟧hidden⟦ESC[0m⟧' +
  'E⟦U+009B⟧2JF⟦U+202E⟧txt.exeG⟦U+200B⟧H⟦U+007F⟧I⟦ESC]8;;https://a.example/U+202Eexe^G⟧J';

// What a terminal acts on or hides: C0 controls but newline and tab, DEL, C1, bidi and zero-width.
const RAW =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

let home: string;

beforeAll(() => {
  buildCli();
  home = tempHome('lena-escapes-');
  const server = (mode?: string) => ({
    command: process.execPath,
    args: [PEER, ...(mode ? [mode] : [])],
  });
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { peer: server(), broken: server('crash') } }),
  );
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Nothing raw on either stream, and the server's text shown marked where it was printed. */
function expectMarked(r: CliRun, stream: 'stdout' | 'stderr', prefix: string): void {
  expect(r.stdout).not.toMatch(RAW);
  expect(r.stderr).not.toMatch(RAW);
  expect(r[stream]).toContain(`${prefix} ${MARKED}`);
}

/** --json: stdout has nothing raw, names each hidden character as a \u escape, and parses back exactly. */
function expectEscapedJson(r: CliRun): unknown {
  expect(r.stdout).not.toMatch(RAW);
  expect(r.stderr).not.toMatch(RAW);
  for (const escape of ['\\u001b]52;c;', '\\u009b', '\\u202e', '\\u200b', '\\u007f'])
    expect(r.stdout).toContain(escape);
  return r.json();
}

async function both(args: string[]): Promise<[CliRun, CliRun]> {
  return Promise.all([lena(home, args), lena(home, [...args, '--json'])]);
}

describe('lena mcp prints no server text raw to the terminal', () => {
  it('tools: the title and description', async () => {
    const [plain, json] = await both(['mcp', 'tools', 'peer']);
    expect(plain.code, plain.stderr).toBe(0);
    expectMarked(plain, 'stdout', 'desc');
    expectMarked(plain, 'stdout', '(title');
    const tool = (
      expectEscapedJson(json) as { tools: { name: string; description: string; title: string }[] }
    ).tools.find((t) => t.name === 'show');
    expect(tool).toMatchObject({ description: `desc ${HOSTILE}`, title: `title ${HOSTILE}` });
  }, 60_000);

  it('call: the result, and a JSON-RPC error message', async () => {
    const [plain, json] = await both(['mcp', 'call', 'peer', 'show']);
    expect(plain.code, plain.stderr).toBe(0);
    expectMarked(plain, 'stdout', 'result');
    expect((expectEscapedJson(json) as { content: { text: string }[] }).content[0].text).toBe(
      `result ${HOSTILE}`,
    );
    const [failed, failedJson] = await both(['mcp', 'call', 'peer', 'fail']);
    expect(failed.code).toBe(1);
    expectMarked(failed, 'stderr', 'error');
    expect(
      (expectEscapedJson(failedJson) as { error: { message: string } }).error.message,
    ).toContain(`error ${HOSTILE}`);
  }, 60_000);

  it('resources and read: the name, description and text', async () => {
    const [list, listJson] = await both(['mcp', 'resources', 'peer']);
    expect(list.code, list.stderr).toBe(0);
    expectMarked(list, 'stdout', 'name');
    expectMarked(list, 'stdout', 'rdesc');
    expect(
      (expectEscapedJson(listJson) as { resources: { name: string }[] }).resources[0].name,
    ).toBe(`name ${HOSTILE}`);
    const [read, readJson] = await both(['mcp', 'read', 'peer', 'demo://doc']);
    expect(read.code, read.stderr).toBe(0);
    expectMarked(read, 'stdout', 'text');
    expect((expectEscapedJson(readJson) as { contents: { text: string }[] }).contents[0].text).toBe(
      `text ${HOSTILE}`,
    );
  }, 60_000);

  it('prompts and prompt: the description and the messages', async () => {
    const [list, listJson] = await both(['mcp', 'prompts', 'peer']);
    expect(list.code, list.stderr).toBe(0);
    expectMarked(list, 'stdout', 'pdesc');
    expect(
      (expectEscapedJson(listJson) as { prompts: { description: string }[] }).prompts[0]
        .description,
    ).toBe(`pdesc ${HOSTILE}`);
    const [got, gotJson] = await both(['mcp', 'prompt', 'peer', 'greet']);
    expect(got.code, got.stderr).toBe(0);
    expectMarked(got, 'stdout', 'prompt');
    expect(
      (expectEscapedJson(gotJson) as { messages: { content: { text: string } }[] }).messages[0]
        .content.text,
    ).toBe(`prompt ${HOSTILE}`);
  }, 60_000);

  it("doctor: a server's name and version, and a failed server's stderr tail", async () => {
    const [plain, json] = await both(['mcp', 'doctor']);
    expect(plain.code).toBe(1);
    expectMarked(plain, 'stdout', 'boom');
    expectMarked(plain, 'stderr', 'peer');
    const servers = (
      expectEscapedJson(json) as {
        servers: { name: string; stderrTail: string; serverInfo: { name: string } | null }[];
      }
    ).servers;
    expect(servers.find((s) => s.name === 'broken')?.stderrTail).toContain(`boom ${HOSTILE}`);
    expect(servers.find((s) => s.name === 'peer')?.serverInfo?.name).toBe(`peer ${HOSTILE}`);
  }, 60_000);
});

describe('lena chat prints no server or model text raw', () => {
  let api: MessagesApiServer;
  beforeAll(async () => {
    api = await startMessagesApiServer();
  });
  afterAll(() => api.close());

  it("the streamed answer (a model repeating a server's text)", async () => {
    const chatHome = tempHome('lena-escapes-chat-');
    mkdirSync(join(chatHome, 'empty'));
    api.push(reply(text(`answer ${HOSTILE}`)));
    const r = await lena(chatHome, ['chat', '-p', 'hello'], {
      env: { ANTHROPIC_API_KEY: 'sk-ant-cli-test-key', ANTHROPIC_BASE_URL: api.url },
    });
    rmSync(chatHome, { recursive: true, force: true });
    expect(r.code, r.stderr).toBe(0);
    expectMarked(r, 'stdout', 'answer');
  }, 60_000);

  it('terminal questions: a sampling request and a form quote the server without its sequences', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    // One answer per prompt: Enter (no) to the sampling request, yes to the form, its field left empty.
    const answers = ['', 'y', ''];
    output.on('data', (d: Buffer) => {
      shown += d;
      if (/: $/.test(d.toString()) && answers.length) input.write(`${answers.shift()}\n`);
    });
    const asker = terminalAsker({ input, output });
    const draft = {
      systemPrompt: `system ${HOSTILE}`,
      maxTokens: 10,
      messages: [{ role: 'user' as const, text: `sample ${HOSTILE}`, attachments: [] }],
    };
    expect(
      await asker.ask({
        kind: 'sampling-request',
        server: 'peer',
        model: 'claude-x',
        modelPreferences: null,
        notices: [],
        draft,
      }),
    ).toEqual({ action: 'deny' });
    const schema = parseRequestedSchema({
      type: 'object',
      properties: { city: { type: 'string', title: `label ${HOSTILE}` } },
    });
    if (!schema.ok) throw new Error(schema.message);
    expect(
      await asker.ask({
        kind: 'elicitation-form',
        server: 'peer',
        message: `form ${HOSTILE}`,
        fields: schema.fields,
        purpose: null,
      }),
    ).toMatchObject({ action: 'accept' });
    expect(shown).not.toMatch(RAW);
    for (const prefix of ['system', 'sample', 'form', 'label'])
      expect(shown).toContain(`${prefix} ${MARKED}`);
  });
});
