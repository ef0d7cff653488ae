import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claudeDesktopConfigPath,
  importClaudeDesktop,
} from '../../../../../electron/core/mcp/config/claude-desktop';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-import-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('claudeDesktopConfigPath', () => {
  it('knows each platform location', () => {
    expect(claudeDesktopConfigPath('darwin', {}, '/Users/me')).toBe(
      '/Users/me/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(claudeDesktopConfigPath('linux', {}, '/home/me')).toBe(
      '/home/me/.config/Claude/claude_desktop_config.json',
    );
    expect(
      claudeDesktopConfigPath('win32', { APPDATA: 'C:/Users/me/AppData/Roaming' }, 'C:/Users/me'),
    ).toBe(join('C:/Users/me/AppData/Roaming', 'Claude', 'claude_desktop_config.json'));
  });
});

describe('importClaudeDesktop', () => {
  it('adds new servers, skips existing names, reports invalid entries, and keeps the rest of both files', async () => {
    const source = join(dir, 'Claude', 'claude_desktop_config.json');
    mkdirSync(join(dir, 'Claude'));
    writeFileSync(
      source,
      JSON.stringify({
        globalShortcut: 'Ctrl+Space',
        mcpServers: {
          filesystem: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me'],
          },
          memory: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: '/tmp/m.json' },
          },
          'bad name': { command: 'npx' },
          broken: { args: ['x'] },
        },
      }),
    );
    const target = join(dir, 'mcp.json');
    writeFileSync(
      target,
      JSON.stringify({ mcpServers: { memory: { command: 'node', args: ['mine.js'] } } }),
    );

    const report = await importClaudeDesktop(target, { source });
    expect(report.added).toEqual(['filesystem']);
    expect(report.skipped).toEqual([
      { name: 'memory', reason: `a server named "memory" already exists in ${target}` },
    ]);
    expect(report.invalid.map((i) => [i.name, i.reason])).toEqual([
      [
        'bad name',
        `${source}:1:265: server "bad name": the name "bad name" is not allowed: use only letters, digits, "_" and "-", because the name becomes part of tool names such as mcp__bad_name__TOOL`,
      ],
      [
        'broken',
        `${source}:1:294: server "broken": needs "command" (to start a local server) or "url" (to reach a remote server)`,
      ],
    ]);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({
      mcpServers: {
        memory: { command: 'node', args: ['mine.js'] },
        filesystem: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me'],
        },
      },
    });
  });

  it('imports only the chosen servers', async () => {
    const source = join(dir, 'c.json');
    writeFileSync(
      source,
      JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { command: 'y' } } }),
    );
    const report = await importClaudeDesktop(join(dir, 'mcp.json'), { source, names: ['b', 'zz'] });
    expect(report.added).toEqual(['b']);
    expect(report.skipped).toEqual([{ name: 'zz', reason: `no server named "zz" in ${source}` }]);
  });

  it('says where it looked when Claude Desktop has no configuration, and refuses a broken one', async () => {
    const source = join(dir, 'none.json');
    await expect(importClaudeDesktop(join(dir, 'mcp.json'), { source })).rejects.toMatchObject({
      code: 'not-found',
      message: `Claude Desktop's configuration was not found at ${source}; nothing to import. Is Claude Desktop installed with MCP servers configured?`,
    });
    writeFileSync(source, '{"mcpServers": {');
    await expect(importClaudeDesktop(join(dir, 'mcp.json'), { source })).rejects.toMatchObject({
      code: 'invalid-arguments',
    });
  });
});
