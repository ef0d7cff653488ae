// Tools usable from the command line: schemas shown, hash-shortened names callable, arguments
// checked against the schema, --timeout honoured, arguments from a file or stdin, resource links
// shown with their URIs; and what `add` can write.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, FIXTURES, lena, SERVERS, tempHome } from './cli-harness';

let home: string;
const LONG = 'a-server-with-a-rather-long-name-for-everything';

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-tools-');
  mkdirSync(join(home, 'files'));
  const everything = {
    command: process.execPath,
    args: [join(SERVERS, 'server-everything/dist/index.js'), 'stdio'],
  };
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        fs: {
          command: process.execPath,
          args: [join(SERVERS, 'server-filesystem/dist/index.js'), join(home, 'files')],
        },
        everything,
        [LONG]: everything,
        peer: { command: process.execPath, args: [join(FIXTURES, 'mcp/hidden-text-peer.mjs')] },
        site: { command: process.execPath, args: [join(FIXTURES, 'mcp/optional-task-peer.mjs')] },
      },
    }),
  );
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp tools', () => {
  it('shows each tool’s arguments in one line, optional ones marked', async () => {
    const r = await lena(home, ['mcp', 'tools', 'fs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^mcp__fs__read_text_file {2}\(Read Text File\)\n {4}Read the complete contents[^\n]*\n {4}arguments: \{ path: string, tail\?: number, head\?: number \}$/m,
    );
    expect(r.stdout).toMatch(/arguments: \{ paths: string\[\] \}/);
  });

  it('--json carries the full input and output schemas and the annotations', async () => {
    const tools = (await lena(home, ['mcp', 'tools', 'everything', '--json'])).json().tools;
    const structured = tools.find((t: { name: string }) => t.name === 'get-structured-content');
    expect(structured.inputSchema).toMatchObject({
      type: 'object',
      properties: { location: { enum: expect.arrayContaining(['Chicago']) } },
    });
    expect(structured.outputSchema).toMatchObject({ type: 'object' });
    expect(structured.annotations).toEqual(expect.any(Object));
  });

  it('--json gives each tool as the servers page does, with whether it is held', async () => {
    const tools = (await lena(home, ['mcp', 'tools', 'fs', '--json'])).json().tools;
    const read = tools.find((t: { name: string }) => t.name === 'read_text_file');
    expect(read).toMatchObject({
      server: 'fs',
      qualifiedName: 'mcp__fs__read_text_file',
      title: 'Read Text File',
      icons: [],
      enabled: true,
      pin: expect.stringMatching(/^(unpinned|pinned|changed|new|rejected)$/),
    });
  });

  it('says "1 tool", not "1 tools"', async () => {
    expect((await lena(home, ['mcp', 'tools', 'peer'])).stdout.trimEnd().split('\n').pop()).toBe(
      '1 tool',
    );
  });
});

describe('lena mcp call', () => {
  it('calls a tool by a qualified name that was shortened with a hash', async () => {
    const tools = (await lena(home, ['mcp', 'tools', LONG, '--json'])).json().tools as {
      name: string;
      qualifiedName: string;
    }[];
    const tool = tools.find((t) => t.name === 'get-structured-content')!;
    expect(tool.qualifiedName).toMatch(/_[0-9a-f]{8}$/);
    expect(tool.qualifiedName.length).toBeLessThanOrEqual(64);
    const r = await lena(home, [
      'mcp',
      'call',
      tool.qualifiedName,
      '{"location": "Chicago"}',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.json().tool).toBe(tool.qualifiedName);
    expect(JSON.stringify(r.json().structuredContent)).toMatch(/\d/);
  });

  it('checks the arguments against the input schema first, unless --no-validate', async () => {
    const bad = await lena(home, ['mcp', 'call', 'everything', 'get-sum', '{"a": 1}', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json().error).toMatchObject({
      code: 'invalid-arguments',
      message: expect.stringMatching(/b/),
    });
    const sent = await lena(home, [
      'mcp',
      'call',
      'everything',
      'get-sum',
      '{"a": 1}',
      '--no-validate',
      '--json',
    ]);
    expect(sent.code).toBe(1); // the server itself refused it
  });

  it('honours --timeout', async () => {
    const r = await lena(home, [
      'mcp',
      'call',
      'everything',
      'trigger-long-running-operation',
      '{"duration": 600, "steps": 2}',
      '--timeout',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(1);
    expect(r.json().error.message).toMatch(/time/i);
  });

  it('reads the arguments from @FILE and from stdin', async () => {
    const file = join(home, 'args.json');
    writeFileSync(file, '{"message": "from a file"}');
    expect((await lena(home, ['mcp', 'call', 'everything', 'echo', `@${file}`])).stdout).toContain(
      'from a file',
    );
    expect(
      (
        await lena(home, ['mcp', 'call', 'everything', 'echo', '-'], {
          input: '{"message": "from stdin"}',
        })
      ).stdout,
    ).toContain('from stdin');
    const missing = await lena(home, [
      'mcp',
      'call',
      'everything',
      'echo',
      '@/nonexistent/args.json',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /cannot read the arguments file \/nonexistent\/args.json: it does not exist/,
    );
  });

  it('shows resource links with their names and URIs', async () => {
    const r = await lena(home, ['mcp', 'call', 'everything', 'get-resource-links', '{"count": 2}']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\[resource link\] .+ <demo:\/\/resource\/[^>]+>/);
  });
});

describe('lena mcp add', () => {
  it('sets timeout and startupTimeout, and --scope project writes the project’s .mcp.json', async () => {
    const project = join(home, 'project');
    mkdirSync(project);
    const user = await lena(home, [
      'mcp',
      'add',
      'slow',
      '--timeout',
      '90',
      '--startup-timeout',
      '300',
      '--',
      'npx',
      '-y',
      'some-server',
    ]);
    expect(user.code).toBe(0);
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers.slow).toEqual({
      command: 'npx',
      args: ['-y', 'some-server'],
      timeout: 90,
      startupTimeout: 300,
    });
    const proj = await lena(home, [
      'mcp',
      'add',
      'db',
      '--scope',
      'project',
      '--project',
      project,
      '--',
      'node',
      'db.js',
    ]);
    expect(proj.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).mcpServers.db).toEqual({
      command: 'node',
      args: ['db.js'],
    });
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers.db).toBeUndefined();
    expect(
      (await lena(home, ['mcp', 'add', 'x', '--timeout', 'soon', '--', 'node'])).stderr,
    ).toMatch(/--timeout must be a number of seconds/);
  });

  it('refuses a URL that is not one, and a --config in a folder that does not exist', async () => {
    const url = await lena(home, ['mcp', 'add', '--transport', 'http', 'docs', 'example.com/mcp']);
    expect(url.code).toBe(2);
    expect(url.stderr).toMatch(/"example.com\/mcp" is not a URL/);
    const ftp = await lena(home, [
      'mcp',
      'add',
      '--transport',
      'http',
      'docs',
      'ftp://example.com/mcp',
    ]);
    expect(ftp.stderr).toMatch(/must be an http:\/\/ or https:\/\/ URL/);
    expect(
      (
        await lena(home, [
          'mcp',
          'add',
          '--transport',
          'http',
          'docs',
          'https://${HOST}/mcp',
          '--config',
          join(home, 'v.json'),
        ])
      ).code,
    ).toBe(0);
    const nowhere = await lena(home, [
      'mcp',
      'add',
      'x',
      '--config',
      join(home, 'no', 'such', 'dir', 'mcp.json'),
      '--',
      'node',
    ]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/the folder .*no\/such\/dir does not exist/);
  });
});

describe('lena mcp call --task', () => {
  it('asks a tool that allows it to run as a task, and shows the task as it goes', async () => {
    const r = await lena(home, ['mcp', 'call', 'site', 'crawl', '{"ms": 300}', '--task']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('Crawled in 300 ms');
    expect(r.stderr).toContain('task working');
    expect(r.stderr).toContain('task completed');
  });
});
