// Claude Code's permission entries for MCP tools as suggested rules (issue 40 item 7): read from
// ~/.claude/settings.json and a project's .claude files, never applied by reading, the invalid
// ones shown with the parse error, a project's file read as untrusted text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeSuggestions } from '../../../../electron/core/permissions/claude-import';

let dir: string;
let home: string;
let project: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-claude-import-'));
  home = join(dir, 'home');
  project = join(dir, 'project');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, value: unknown) =>
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
const none = { allow: [], ask: [], deny: [] };

describe('Claude Code permissions as suggestions', () => {
  it('offers the MCP entries of each file, invalid ones with their error, and nothing else', async () => {
    write(join(home, '.claude', 'settings.json'), {
      permissions: {
        allow: ['mcp__fs__read_file', 'Bash(npm test)', 'mcp__fs__write_file(path:a,b)', 'mcp__*'],
        deny: ['mcp__fs__delete'],
        ask: [42],
      },
    });
    write(join(project, '.claude', 'settings.json'), {
      permissions: { ask: ['mcp__fs__move_file'], allow: ['mcp__fs__wri\u200bte'] },
    });
    write(join(project, '.claude', 'settings.local.json'), '{ not json');
    const found = await claudeSuggestions(home, project, {
      ...none,
      allow: [{ rule: 'mcp__fs__read_file' }],
    });
    expect(found.map((s) => [s.source, s.list, s.rule, s.present, s.error !== null])).toEqual([
      ['user', 'deny', 'mcp__fs__delete', false, false],
      ['user', 'allow', 'mcp__fs__read_file', true, false],
      ['user', 'allow', 'mcp__fs__write_file(path:a,b)', false, true],
      ['user', 'allow', 'mcp__*', false, true],
      ['project', 'ask', 'mcp__fs__move_file', false, false],
      ['project', 'allow', 'mcp__fs__wri⟦U+200B⟧te', false, true],
      ['project-local', 'deny', '', false, true],
    ]);
    expect(found[2].error).toMatch(/at column \d+.*write it as mcp__fs__write_file\(path:"a,b"\)/);
    expect(found[3].error).toMatch(/every tool of every server/);
    expect(found[5].error).toMatch(/hidden characters/);
    expect(found[6].error).toMatch(/settings\.local\.json is not JSON/);
  });

  it('reads no project file without a project, and nothing when the files are absent', async () => {
    write(join(project, '.claude', 'settings.json'), { permissions: { deny: ['mcp__x__y'] } });
    expect(await claudeSuggestions(home, null, none)).toEqual([]);
  });
});
