// The edits of `lena mcp` say what to type when a command line is almost right: a server command
// without "--", a project server removed without --scope project, a Claude Desktop file elsewhere.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, lena, tempHome } from './cli-harness';

let home: string;
beforeAll(() => {
  buildCli();
  home = tempHome('lena-hints-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp add', () => {
  it('without "--" says to put the server\'s command after it, and writes nothing', async () => {
    const runs = await Promise.all([
      lena(home, ['mcp', 'add', 'fs', 'npx', '-y', '@modelcontextprotocol/server-filesystem']),
      lena(home, ['mcp', 'add', 'fs', 'node', 'server.js', 'extra']),
      lena(home, ['mcp', 'add', 'fs', 'npx']),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`put the server's command after "--": lena mcp add fs -- `);
    }
    expect(runs[0].stderr).toContain(
      'lena mcp add fs -- npx -y @modelcontextprotocol/server-filesystem',
    );
    expect(() => readFileSync(join(home, 'mcp.json'))).toThrow();
  });

  it('into a VS Code-shaped file says so and writes no second block', async () => {
    const file = join(home, 'vscode-mcp.json');
    const vscode = JSON.stringify({ servers: { fs: { type: 'stdio', command: 'npx' } } }, null, 2);
    writeFileSync(file, vscode);
    const r = await lena(home, ['mcp', 'add', 'db', '--config', file, '--', 'node', 'db.js']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`has "servers" (VS Code's format) but no "mcpServers"`);
    expect(r.stderr).toContain('Nothing was changed.');
    expect(readFileSync(file, 'utf8')).toBe(vscode);
  });
});

describe('lena mcp remove', () => {
  it("of a project server, in the project's folder, points at --scope project", async () => {
    const project = join(home, 'app');
    mkdirSync(project);
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { db: { command: 'node', args: ['db.js'] } } }),
    );
    const r = await lena(home, ['mcp', 'remove', 'db'], { cwd: project });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('There is no server "db"');
    expect(r.stderr).toContain(`"db" is a project server of ${join(project, '.mcp.json')}`);
    expect(r.stderr).toContain('lena mcp remove db --scope project');
    const scoped = await lena(home, ['mcp', 'remove', 'db', '--scope', 'project'], {
      cwd: project,
    });
    expect(scoped.code, scoped.stderr).toBe(0);
  });
});

describe('lena mcp import-claude-desktop', () => {
  it('reads --from FILE, writes --config FILE, and a re-run with nothing new exits 0', async () => {
    const from = join(home, 'elsewhere', 'claude.json');
    mkdirSync(join(home, 'elsewhere'));
    writeFileSync(
      from,
      JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', 'memory'] } } }),
    );
    const target = join(home, 'imported.json');
    const first = await lena(home, [
      'mcp',
      'import-claude-desktop',
      '--from',
      from,
      '--config',
      target,
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`From ${from}: added memory.`);
    expect(JSON.parse(readFileSync(target, 'utf8')).mcpServers.memory.command).toBe('npx');
    const again = await lena(home, [
      'mcp',
      'import-claude-desktop',
      '--from',
      from,
      '--config',
      target,
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('added nothing');
  });
});
