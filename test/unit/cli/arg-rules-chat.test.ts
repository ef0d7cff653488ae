// Argument rules through `lena chat -p` (RELIABILITY security 40): the built command line, the
// real server-filesystem from npm serving a whole folder, and the scripted Messages API. An allow
// rule on `notes/**` lets a write inside run; a write to `notes/../x` and one through a symlink
// out of notes are refused (no one can answer here), the server never sees them, and the output
// names the rule. A deny with conditions refuses only the calls it matches.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, lena, SERVERS, type CliRun } from './cli-harness';

const FS = join(SERVERS, 'server-filesystem/dist/index.js');
let dir: string;
let home: string;
let work: string;
let api: MessagesApiServer;

const chat = (args: string[]): Promise<CliRun> =>
  lena(home, ['chat', ...args, '--json'], {
    cwd: dir,
    env: { ANTHROPIC_API_KEY: 'sk-ant-arg-rules-key', ANTHROPIC_BASE_URL: api.url, HOME: home },
  });

beforeAll(async () => {
  buildCli();
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'lena-arg-rules-cli-')));
  home = join(dir, 'home');
  work = join(dir, 'work');
  mkdirSync(home);
  mkdirSync(join(work, 'notes', 'private'), { recursive: true });
  mkdirSync(join(work, 'outside'));
  symlinkSync(join(work, 'outside'), join(work, 'notes', 'out'));
  // The server may write anywhere in `work`: only Lena's rule keeps the model inside notes.
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS, work] } } }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One model turn writing each path, then a closing answer; the results the model got, by id. */
async function writeAll(paths: string[], flags: string[]) {
  api.push(
    reply(
      ...paths.map((path, i) =>
        toolUse('mcp__fs__write_file', { path, content: `w${i}` }, `toolu_${i}`),
      ),
    ),
    reply(text('done')),
  );
  const run = await chat(['-p', 'write the files', ...flags]);
  const results = toolResultsOf(api.messageRequests().at(-1)!);
  return {
    run,
    out: JSON.parse(run.stdout),
    results: results.map((r) => toolResultText(r.content)),
  };
}

describe('argument rules in lena chat -p', () => {
  it('a write inside notes runs; notes/../x and a symlink out of notes are refused, naming the rule', async () => {
    const rule = `mcp__fs__write_file(path:${work}/notes/**)`;
    const { run, out, results } = await writeAll(
      [`${work}/notes/inside.md`, `${work}/notes/../escaped.md`, `${work}/notes/out/linked.md`],
      ['--allow', rule],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(work, 'notes', 'inside.md'), 'utf8')).toBe('w0');
    expect(existsSync(join(work, 'escaped.md'))).toBe(false);
    expect(existsSync(join(work, 'outside', 'linked.md'))).toBe(false);
    const decisions = out.toolCalls.map((c: { decision: string }) => c.decision);
    expect(decisions[0]).toBe(`rule allow ${rule} (cli)`);
    for (const refused of decisions.slice(1))
      expect(refused).toBe(
        `cli: needs approval (default: ask (rule allow ${rule} (cli) does not match these arguments))`,
      );
    expect(results[1]).toContain(`rule allow ${rule} (cli) does not match these arguments`);
    expect(results[2]).toContain(`rule allow ${rule} (cli) does not match these arguments`);
    // The terminal says which rule let the first call run.
    expect(run.stderr).toContain(`allowed: rule allow ${rule} (cli)`);
  });

  it('a deny with conditions refuses only the calls it matches and tells the model which rule', async () => {
    const deny = `mcp__fs__write_file(path:"${work}/notes/private/**")`;
    const { run, out, results } = await writeAll(
      [`${work}/notes/private/key.md`, `${work}/notes/public.md`],
      ['--allow', 'mcp__fs__write_file', '--deny', deny],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work, 'notes', 'private', 'key.md'))).toBe(false);
    expect(readFileSync(join(work, 'notes', 'public.md'), 'utf8')).toBe('w1');
    expect(out.toolCalls[0].decision).toBe(`rule deny ${deny} (cli)`);
    expect(results[0]).toContain(`denied by the rule deny ${deny} (cli); drop that --deny flag`);
    expect(results[0]).toContain('a call with other arguments, such as another path');
    expect(run.stderr).toContain(`⊘ mcp__fs__write_file denied: rule deny ${deny} (cli)`);
  });

  it('a rule on a parameter the tool does not have is flagged once the server is connected', async () => {
    const typo = `mcp__fs__write_file(pth:"${work}/notes/private/**")`;
    const { run, out } = await writeAll(
      [`${work}/notes/typo.md`],
      ['--allow', 'mcp__fs__write_file', '--deny', typo],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `lena: warning: rule deny ${typo} (cli) names the parameter "pth", which mcp__fs__write_file does not have (its parameters: path, content); the rule never matches a call.`,
    );
    expect(out.toolCalls[0].decision).toBe('rule allow mcp__fs__write_file (cli)');
  });

  it('lena mcp call: a rule object in settings.json refuses only the calls under its folder', async () => {
    const deny = {
      rule: 'mcp__fs__write_file',
      args: { path: { under: `${work}/notes/private` } },
    };
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { deny: [deny] } }));
    try {
      const call = (path: string) =>
        lena(
          home,
          ['mcp', 'call', 'fs', 'write_file', JSON.stringify({ path, content: 'c' }), '--json'],
          {
            cwd: dir,
            env: { HOME: home },
          },
        );
      const refused = await call(`${work}/notes/./private/../private/by-hand.md`);
      expect(refused.code, refused.stderr).toBe(7);
      expect(refused.json().error.decidedBy).toBe(
        `rule deny mcp__fs__write_file ${JSON.stringify(deny.args)} (user)`,
      );
      expect(existsSync(join(work, 'notes', 'private', 'by-hand.md'))).toBe(false);
      const allowed = await call(`${work}/notes/by-hand.md`);
      expect(allowed.code, allowed.stderr).toBe(0);
      expect(readFileSync(join(work, 'notes', 'by-hand.md'), 'utf8')).toBe('c');
    } finally {
      rmSync(join(home, 'settings.json'));
    }
  });

  it('a malformed --allow, --ask or --deny stops the command with the column and a corrected rule', async () => {
    const before = api.messageRequests().length;
    for (const flag of ['--allow', '--ask', '--deny']) {
      const run = await chat(['-p', 'x', flag, 'mcp__fs__write_file(path:~/a,b)']);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout).error.message).toContain(
        `${flag} mcp__fs__write_file(path:~/a,b): "mcp__fs__write_file(path:~/a,b)" is not a permission rule: at column 30, expected PARAM:PATTERN, found \`b\`; a \`,\` inside a pattern needs the pattern quoted; write it as mcp__fs__write_file(path:"~/a,b").`,
      );
    }
    expect(api.messageRequests().length).toBe(before);
  });
});
