// `lena mcp approve` shows before it records (issue 11) and grants a project server its secrets
// one by one (issue 12 item 1): the built command line in a temporary LENA_HOME, on a pipe (no
// terminal: --yes required) and on a real pseudo-terminal through script(1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_COMMAND as SCRIPT, skipWhen } from '../../skip-reasons';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
const LITERAL = 'Xy9kLm2Pq8Rs7Tu6Vw5Za4';
let dir: string;
let home: string;
let project: string;

function lena(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    input,
    env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** Runs lena on a pseudo-terminal, typing `input`. */
function lenaOnTty(args: string[], input: string) {
  const command = [process.execPath, CLI, ...args]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const r = spawnSync(SCRIPT!, ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    timeout: 60_000,
    input,
    env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home, TERM: 'dumb' },
  });
  return { code: r.status, output: r.stdout + r.stderr };
}
const approvals = () =>
  existsSync(join(home, 'approvals.json'))
    ? JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8'))
    : null;
const record = (name: string) =>
  Object.values(
    (approvals()?.projects ?? {}) as Record<
      string,
      Record<string, { decision: string; grants?: string[] }>
    >,
  )[0]?.[name];

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  dir = mkdtempSync(join(tmpdir(), 'lena-approve-'));
  home = join(dir, 'home');
  project = join(dir, 'repo');
  mkdirSync(home);
  mkdirSync(project);
  writeFileSync(
    join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        notes: {
          command: 'node',
          args: ['server.js', '--token', LITERAL],
          env: {
            GH: 'Bearer ${secret:gh-token}',
            NODE_OPTIONS: '--require ./hook.js',
            PORT: '${PORT:-8080}',
          },
        },
        remote: {
          url: 'https://mcp.example.com/mcp?team=${TEAM}',
          headers: {
            Authorization: 'Bearer ${secret:remote-token}',
            'X-Api-Key': '${ANTHROPIC_API_KEY}',
          },
        },
      },
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lena mcp approve', () => {
  it('without a terminal and without --yes: shows the whole entry, records nothing, says what to do', () => {
    const r = lena(['mcp', 'approve', 'notes', '--project', project]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing was approved: there is no terminal to confirm on.*--yes/);
    expect(approvals()).toBeNull();
    // Shown in full before anything: templates, references with their sources, risk flags.
    expect(r.stdout).toContain('command: node');
    expect(r.stdout).toContain('env GH=Bearer ${secret:gh-token}');
    expect(r.stdout).toContain('env PORT=${PORT:-8080}');
    expect(r.stdout).toContain('${secret:gh-token}  from environment variable gh-token');
    expect(r.stdout).toContain(
      '${PORT:-8080}  from environment variable PORT, else the default "8080"',
    );
    expect(r.stdout).toMatch(
      /env NODE_OPTIONS=--require \.\/hook\.js\s+! NODE_OPTIONS changes what code a program loads/,
    );
    // The literal token is masked (only --reveal shows it).
    expect(r.stdout).not.toContain(LITERAL);
    expect(lena(['mcp', 'approve', 'notes', '--project', project, '--reveal']).stdout).toContain(
      LITERAL,
    );
  });

  it('--help shows help and approves nothing, even with --yes', () => {
    const r = lena(['mcp', 'approve', 'notes', '--project', project, '--yes', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('lena mcp approve NAME --project DIR');
    expect(r.stdout).toContain('--grant REF');
    expect(approvals()).toBeNull();
  });

  it('--yes grants every listed reference except --no-grant ones, and the records say so', () => {
    const r = lena([
      'mcp',
      'approve',
      'notes',
      '--project',
      project,
      '--yes',
      '--no-grant',
      '${secret:gh-token}',
    ]);
    expect(r.code).toBe(0);
    expect(record('notes')).toMatchObject({ decision: 'approved', grants: ['PORT'] });
    expect(r.stderr).toContain(
      `To grant: lena mcp approve notes --project ${project} --grant secret:gh-token`,
    );
  });

  it('refuses a --grant of something the entry does not reference, and of the Anthropic API key', () => {
    const unknown = lena([
      'mcp',
      'approve',
      'notes',
      '--project',
      project,
      '--yes',
      '--grant',
      'HOME',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '"notes" does not reference HOME; it references secret:gh-token, PORT',
    );
    const key = lena([
      'mcp',
      'approve',
      'remote',
      '--project',
      project,
      '--yes',
      '--grant',
      'ANTHROPIC_API_KEY',
    ]);
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/never passed to a server/);
    const shown = lena(['mcp', 'approve', 'remote', '--project', project]).stdout;
    expect(shown).toContain('header Authorization: Bearer ${secret:remote-token}');
    expect(shown).toMatch(/! headers\.X-Api-Key: references your Anthropic API key/);
  });

  it('names the exact approve command for an unapproved server', () => {
    const r = lena(['mcp', 'doctor', '--project', project]);
    expect(r.stdout).toContain(`run: lena mcp approve remote --project ${project}`);
  });

  it('says when the project server replaces a server of the user’s own of the same name', () => {
    const r0 = lena(['mcp', 'approve', 'remote', '--project', project]);
    expect(r0.stdout).not.toContain('replaces your own server');
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { remote: { url: 'https://mine.example.com/mcp' } } }),
    );
    try {
      const r = lena(['mcp', 'approve', 'remote', '--project', project]);
      expect(r.stdout).toContain(
        '! name: replaces your own server "remote" of the same name while this project is open; it gets none of that server\'s trust, rules, sampling answers, folders or other settings',
      );
    } finally {
      rmSync(join(home, 'mcp.json'));
    }
  });

  // A real terminal needs util-linux's script(1); a machine without it skips these, but CI (which
  // has it on Debian) runs them always, so a missing script(1) there fails instead of hiding.
  describe.skipIf(skipWhen('no-terminal-command'))('on a terminal', () => {
    it('asks for each reference and then for the approval; "n" records nothing', () => {
      const declined = lenaOnTty(['mcp', 'approve', 'remote', '--project', project], 'y\ny\nn\n');
      expect(declined.output).toContain('Grant ${secret:remote-token}');
      expect(declined.output).toContain('Grant ${TEAM}');
      expect(declined.output).toContain(
        `Approve "remote" for ${project} with TEAM, secret:remote-token? [y/N]`,
      );
      expect(declined.output).toContain('Not approved; nothing was recorded.');
      expect(record('remote')).toBeUndefined();
    });

    it('records the approval with exactly the references answered "y"', () => {
      const r = lenaOnTty(['mcp', 'approve', 'remote', '--project', project], 'n\ny\ny\n');
      expect(r.code).toBe(0);
      expect(record('remote')).toMatchObject({
        decision: 'approved',
        grants: ['secret:remote-token'],
      });
    });
  });
});

describe('lena mcp approve --no-sandbox', () => {
  it('records that the user runs a local entry without its default sandbox; a remote one is refused', () => {
    const remote = lena([
      'mcp',
      'approve',
      'remote',
      '--project',
      project,
      '--yes',
      '--no-sandbox',
    ]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('--no-sandbox applies only to a local entry');
    const r = lena(['mcp', 'approve', 'notes', '--project', project, '--yes', '--no-sandbox']);
    expect(r.code).toBe(0);
    expect((record('notes') as { sandbox?: string }).sandbox).toBe('off');
  });
});
