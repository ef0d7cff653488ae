// `lena mcp resources | read | prompts | prompt` against the real server-everything over stdio
// (issue 22): what a script sees with --json, and the errors a user meets.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, lena, SERVERS, tempHome } from './cli-harness';

let home: string;

beforeAll(() => {
  buildCli();
  home = tempHome('lena-resources-');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [join(SERVERS, 'server-everything/dist/index.js'), 'stdio'],
        },
      },
    }),
  );
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp resources', () => {
  it('--json lists every resource and the templates, with what the server can do', async () => {
    const r = await lena(home, ['mcp', 'resources', 'everything', '--json']);
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.server).toBe('everything');
    expect(out.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uri: 'demo://resource/static/document/architecture.md',
          mimeType: 'text/markdown',
        }),
      ]),
    );
    expect(out.templates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual(
      expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}']),
    );
    expect(out).toMatchObject({ subscribe: true, completions: true });
  });

  it('prints URIs with names in plain text, and counts them', async () => {
    const r = await lena(home, ['mcp', 'resources', 'everything']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^demo:\/\/resource\/static\/document\/architecture\.md {2}architecture\.md {2}\(text\/markdown\)$/m,
    );
    expect(r.stdout).toMatch(/^\d+ resources$/m);
    expect(r.stdout).toMatch(/^\d+ resource templates$/m);
  });
});

describe('lena mcp read', () => {
  it('--json reads a text resource and a filled-in template', async () => {
    const doc = (
      await lena(home, [
        'mcp',
        'read',
        'everything',
        'demo://resource/static/document/architecture.md',
        '--json',
      ])
    ).json();
    expect(doc.contents[0]).toMatchObject({
      uri: 'demo://resource/static/document/architecture.md',
      mimeType: 'text/markdown',
      text: expect.stringContaining('#'),
    });
    const blob = (
      await lena(home, ['mcp', 'read', 'everything', 'demo://resource/dynamic/blob/3', '--json'])
    ).json();
    expect(blob.contents[0]).toMatchObject({
      uri: 'demo://resource/dynamic/blob/3',
      blob: expect.stringMatching(/^[A-Za-z0-9+/=]+$/),
    });
  });

  it('describes a binary part instead of printing it, and reports an unknown URI as a failure', async () => {
    const blob = await lena(home, ['mcp', 'read', 'everything', 'demo://resource/dynamic/blob/3']);
    expect(blob.stdout).toMatch(/^\[binary text\/plain, \d+ bytes; --json carries it base64\]$/m);
    const missing = await lena(home, [
      'mcp',
      'read',
      'everything',
      'demo://nothing/here',
      '--json',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.json().error).toMatchObject({
      code: 'read-failed',
      message: expect.stringContaining('demo://nothing/here'),
    });
  });
});

describe('lena mcp prompts and prompt', () => {
  it('--json lists prompts with their arguments', async () => {
    const out = (await lena(home, ['mcp', 'prompts', 'everything', '--json'])).json();
    const args = out.prompts.find((p: { name: string }) => p.name === 'args-prompt');
    expect(args.arguments).toEqual([
      expect.objectContaining({ name: 'city', required: true }),
      expect.objectContaining({ name: 'state' }),
    ]);
  });

  it('--json gets a prompt with its arguments', async () => {
    const r = await lena(home, [
      'mcp',
      'prompt',
      'everything',
      'args-prompt',
      '{"city": "Lyon", "state": "Rhône"}',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      server: 'everything',
      prompt: 'args-prompt',
      messages: [
        { role: 'user', content: { type: 'text', text: "What's weather in Lyon, Rhône?" } },
      ],
    });
  });

  it('says which required argument is missing and which prompts exist, before anything is got', async () => {
    const missing = await lena(home, ['mcp', 'prompt', 'everything', 'args-prompt', '--json']);
    expect(missing.code).toBe(2);
    expect(missing.json().error).toMatchObject({
      code: 'missing-argument',
      message: expect.stringContaining('"city"'),
    });
    const unknown = await lena(home, ['mcp', 'prompt', 'everything', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"everything" has no prompt "nope"; its prompts: .*args-prompt/);
    const numbers = await lena(home, ['mcp', 'prompt', 'everything', 'args-prompt', '{"city": 7}']);
    expect(numbers.code).toBe(2);
    expect(numbers.stderr).toContain('prompt arguments are strings');
  });

  it('prints each message under its role, an embedded resource with its URI', async () => {
    const r = await lena(home, [
      'mcp',
      'prompt',
      'everything',
      'resource-prompt',
      '{"resourceType": "Text", "resourceId": "2"}',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[user\]\n/m);
    expect(r.stdout).toContain('[resource] <demo://resource/dynamic/text/2>');
  });
});
