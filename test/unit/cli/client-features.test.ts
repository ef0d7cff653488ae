// Where each front end stands on what servers may ask (issue 17): `lena mcp` declares roots only
// (server-everything lists 14 tools to it, as to Inspector's CLI), `lena chat` without
// --interactive declares no sampling or elicitation, and --interactive needs a terminal.
import { writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalAsker } from '../../../electron/cli/terminal-questions';
import { parseRequestedSchema } from '../../../shared/elicitation-form';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, lenaSync, SERVERS, tempHome } from './cli-harness';
import { spawn } from 'node:child_process';
import { CLI } from './cli-harness';

let home = '';
let project = '';
let api: MessagesApiServer;

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-asks-');
  project = join(home, 'project');
  mkdirSync(project);
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        every: {
          command: process.execPath,
          args: [join(SERVERS, 'server-everything/dist/index.js')],
        },
      },
    }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

function lena(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH!,
        HOME: home,
        LENA_HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
        ANTHROPIC_BASE_URL: api.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('lena mcp declares roots only', () => {
  it('server-everything lists 14 tools: get-roots-list, none of the sampling or elicitation ones', () => {
    const r = lenaSync(home, ['mcp', 'tools', 'every', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const names: string[] = r
      .json()
      .tools.map((t: { name?: string; qualifiedName: string }) => t.qualifiedName);
    expect(names).toHaveLength(14);
    expect(names).toContain('mcp__every__get-roots-list');
    expect(names.filter((n) => /trigger-(sampling|elicitation|url)/.test(n))).toEqual([]);
  }, 60_000);

  it('the roots are the project folder (--project)', () => {
    const r = lenaSync(home, [
      'mcp',
      'call',
      'every',
      'get-roots-list',
      '{}',
      '--project',
      project,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(pathToFileURL(project).href);
  }, 60_000);
});

describe('lena chat', () => {
  it('without --interactive offers Claude no tool that needs sampling or elicitation', async () => {
    api.push(reply(text('Nothing to do.')));
    const r = await lena(['chat', '-p', 'hello']);
    expect(r.code, r.stderr).toBe(0);
    const tools = ((api.messageRequests().at(-1)!.body.tools ?? []) as { name: string }[]).map(
      (t) => t.name,
    );
    expect(tools).toContain('mcp__every__get-roots-list');
    expect(tools.filter((n) => /trigger-(sampling|elicitation|url)/.test(n))).toEqual([]);
  }, 60_000);

  it('--interactive without a terminal on stdin is refused with what to do', async () => {
    const r = await lena(['chat', '-p', 'hello', '--interactive']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--interactive needs a terminal on stdin/);
  }, 60_000);
});

describe('terminal prompts (lena chat --interactive)', () => {
  function io(lines: string[]) {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (d) => (shown += d));
    // One answer per prompt, written as each prompt appears.
    let i = 0;
    output.on('data', (d: Buffer) => {
      if (/: $/.test(d.toString()) && i < lines.length) input.write(`${lines[i++]}\n`);
    });
    return { asker: terminalAsker({ input, output }), shown: () => shown };
  }

  it('a form: defaults kept on Enter, a bad value asked again, then accepted', async () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        name: { type: 'string', default: 'Ann' },
        seats: { type: 'integer', minimum: 1 },
        ok: { type: 'boolean', default: true },
      },
      required: ['seats'],
    });
    if (!parsed.ok) throw new Error(parsed.message);
    const t = io(['y', '', '0', '3', '']);
    const a = await t.asker.ask({
      kind: 'elicitation-form',
      server: 'travel',
      message: 'Book seats',
      fields: parsed.fields,
      purpose: null,
    });
    expect(a).toEqual({ action: 'accept', values: { name: 'Ann', seats: 3, ok: true } });
    expect(t.shown()).toContain('seats must be at least 1');
  });

  it('sampling: "always" asks "Are you sure?", and no is the default', async () => {
    const body = {
      kind: 'sampling-request' as const,
      server: 's',
      model: 'claude-x',
      modelPreferences: null,
      notices: ['temperature: refused'],
      draft: {
        systemPrompt: '',
        maxTokens: 10,
        messages: [{ role: 'user' as const, text: 'hi', attachments: [] }],
      },
    };
    expect(await io(['a', 'y']).asker.ask(body)).toEqual({ action: 'approve', always: true });
    expect(await io(['a', '']).asker.ask(body)).toEqual({ action: 'deny' });
    const t = io(['']);
    expect(await t.asker.ask(body)).toEqual({ action: 'deny' });
    expect(t.shown()).toContain('! temperature: refused');
  });

  it('sampling: [e]dit changes a message, keeps the rest on Enter, re-asks a bad token limit, and asks again before sending', async () => {
    const body = {
      kind: 'sampling-request' as const,
      server: 's',
      model: 'claude-x',
      modelPreferences: null,
      notices: [],
      draft: {
        systemPrompt: 'Be brief.',
        maxTokens: 10,
        messages: [{ role: 'user' as const, text: 'hi', attachments: [] }],
      },
    };
    const t = io(['e', 'Say hello in French', '', 'lots', '64', 'y']);
    expect(await t.asker.ask(body)).toEqual({
      action: 'approve',
      draft: {
        systemPrompt: 'Be brief.',
        maxTokens: 64,
        messages: [{ role: 'user', text: 'Say hello in French', attachments: [] }],
      },
    });
    expect(t.shown()).toContain('"lots" is not a whole number of tokens');
    expect(t.shown()).toContain('user: Say hello in French');
    // No is the default for the edited request too.
    expect(await io(['e', '', '', '', '']).asker.ask(body)).toEqual({ action: 'deny' });
  });
});
