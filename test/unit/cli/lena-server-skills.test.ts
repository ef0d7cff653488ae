// `lena skills list/show/approve` with an MCP server offering skills (Skills over MCP): the built
// command line starts the configured server, lists its skills as SERVER:PATH waiting for approval
// without reading a file, shows one by reading and verifying its SKILL.md, refuses to print a
// tampered one (nothing of it shown), and approves one bound to its digests.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, ROOT, runLena } from './run-cli';

const PEER = join(ROOT, 'test/fixtures/mcp/skills-peer.mjs');
let home: string;

beforeAll(() => {
  buildCli();
  home = realpathSync(mkdtempSync(join(tmpdir(), 'lena-server-skills-cli-')));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        docs: { command: process.execPath, args: [PEER, 'good'] },
        bad: { command: process.execPath, args: [PEER, 'tampered-body'] },
      },
    }),
  );
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

const lena = (args: string[]) => runLena(home, 'http://127.0.0.1:9', args);
type Listed = { name: string; origin: string; server?: string; state: string; folder: string };
const listed = async (): Promise<Listed[]> =>
  (JSON.parse((await lena(['skills', 'list', '--json'])).stdout) as { skills: Listed[] }).skills;

describe("lena skills with a server's skills", () => {
  it('lists them by server and path, waiting for approval; --local leaves them out', async () => {
    const skills = await listed();
    expect(skills.map((s) => [s.name, s.origin, s.server, s.state])).toEqual([
      ['docs:pdf-forms', 'server', 'docs', 'needs-approval'],
      ['docs:docs/release-notes', 'server', 'docs', 'needs-approval'],
      ['bad:pdf-forms', 'server', 'bad', 'needs-approval'],
      ['bad:docs/release-notes', 'server', 'bad', 'needs-approval'],
    ]);
    expect(skills[0].folder).toBe('skill://pdf-forms/SKILL.md');
    const local = await lena(['skills', 'list', '--local', '--json']);
    expect(JSON.parse(local.stdout)).toEqual({ skills: [] });
  });

  it('shows the verified body, then approves the skill bound to its digests', async () => {
    const shown = await lena(['skills', 'show', 'docs:pdf-forms']);
    expect(shown.code).toBe(0);
    const out = shown.stdout + shown.stderr;
    expect(out).toContain('docs:pdf-forms  (server docs, needs-approval)');
    expect(out).toContain('uri: skill://pdf-forms/SKILL.md');
    expect(out).toContain('references/fields.md (25 bytes)');
    expect(out).toContain('# Filling forms (v1)');
    const notes = await lena(['skills', 'show', 'docs:docs/release-notes']);
    expect(notes.stdout).toContain(
      "allowed-tools (asked for by the server's skill, a suggestion, never applied): Bash(git log:*)",
    );

    const refused = await lena(['skills', 'show', 'bad:pdf-forms']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'Lena refused skill://pdf-forms/SKILL.md: skill://pdf-forms/SKILL.md has',
    );
    expect(refused.stdout + refused.stderr).not.toContain('evil.example');

    const approved = await lena(['skills', 'approve', 'docs:pdf-forms', '--yes']);
    expect(approved.stdout + approved.stderr).toContain(
      'Approved the server skill docs:pdf-forms.',
    );
    expect((await listed()).find((s) => s.name === 'docs:pdf-forms')?.state).toBe('enabled');
  });
});
