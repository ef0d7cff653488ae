import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigLoader } from '../../../../../electron/core/mcp/config/loader';
import {
  findProjectConfig,
  PROJECT_WALK_LEVELS,
} from '../../../../../electron/core/mcp/config/scopes';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'lena-scopes-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, value: unknown) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
};

describe('findProjectConfig', () => {
  it(`finds the nearest .mcp.json up to ${PROJECT_WALK_LEVELS} levels above the project folder, not further`, async () => {
    const levels = Array.from({ length: 11 }, (_, i) => `d${i}`);
    const deepest = join(root, ...levels);
    mkdirSync(deepest, { recursive: true });
    // A file exactly 10 levels above `deepest` is found.
    write(join(root, 'd0', '.mcp.json'), { mcpServers: {} });
    expect(await findProjectConfig(deepest)).toBe(join(root, 'd0', '.mcp.json'));
    // One level further (11 above) is out of reach.
    rmSync(join(root, 'd0', '.mcp.json'));
    write(join(root, '.mcp.json'), { mcpServers: {} });
    expect(await findProjectConfig(deepest)).toBeUndefined();
  });

  it('prefers the nearest file and checks the project folder itself', async () => {
    write(join(root, '.mcp.json'), {});
    write(join(root, 'p', '.mcp.json'), {});
    mkdirSync(join(root, 'p', 'src'), { recursive: true });
    expect(await findProjectConfig(join(root, 'p'))).toBe(join(root, 'p', '.mcp.json'));
    expect(await findProjectConfig(join(root, 'p', 'src'))).toBe(join(root, 'p', '.mcp.json'));
  });
});

describe('ConfigLoader: scopes', () => {
  it('a project entry replaces the user entry of the same name whole, and the merge says so', async () => {
    const userFile = join(root, 'home', 'mcp.json');
    write(userFile, {
      mcpServers: {
        files: { command: 'node', args: ['user.js'], env: { TOKEN: 'u' }, timeout: 5 },
        memory: { command: 'node', args: ['memory.js'] },
      },
    });
    write(join(root, 'proj', '.mcp.json'), {
      mcpServers: {
        files: { command: 'python', args: ['proj.py'] },
        extra: { url: 'https://h/mcp' },
      },
    });
    const loaded = await new ConfigLoader({ userFile, projectDir: join(root, 'proj') }).load();
    expect(loaded.errors).toEqual([]);
    const byName = Object.fromEntries(loaded.servers.map((s) => [s.name, s]));
    expect(Object.keys(byName)).toEqual(['files', 'memory', 'extra']);
    expect(byName.files).toEqual({
      name: 'files',
      scope: 'project',
      file: join(root, 'proj', '.mcp.json'),
      entry: { command: 'python', args: ['proj.py'] }, // no env or timeout from the user entry
      transport: 'stdio',
      disabled: false,
      issues: [],
      shadowed: [{ scope: 'user', file: userFile }],
    });
    expect(byName.memory).toMatchObject({ scope: 'user', shadowed: [] });
    expect(byName.extra).toMatchObject({ scope: 'project', transport: 'http-with-sse-fallback' });
  });

  it('an invalid project entry still shadows the user entry, and carries its issues', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, { mcpServers: { files: { command: 'node' } } });
    write(join(root, 'proj', '.mcp.json'), {
      mcpServers: { files: { command: 'node', url: 'https://x' } },
    });
    const loaded = await new ConfigLoader({ userFile, projectDir: join(root, 'proj') }).load();
    expect(loaded.servers).toHaveLength(1);
    expect(loaded.servers[0]).toMatchObject({ scope: 'project', shadowed: [{ scope: 'user' }] });
    expect(loaded.servers[0].entry).toBeUndefined();
    expect(loaded.servers[0].issues[0].message).toContain('has both "command" and "url"');
  });

  it('--config FILE is the only configuration, and must exist', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, { mcpServers: { user: { command: 'node' } } });
    write(join(root, 'proj', '.mcp.json'), { mcpServers: { proj: { command: 'node' } } });
    const only = join(root, 'only.json');
    write(only, {
      mcpServers: { mine: { type: 'sse', url: 'http://127.0.0.1:1/sse', disabled: true } },
    });
    const loaded = await new ConfigLoader({
      userFile,
      projectDir: join(root, 'proj'),
      configFile: only,
    }).load();
    expect(loaded.servers.map((s) => [s.name, s.scope, s.transport, s.disabled])).toEqual([
      ['mine', 'explicit', 'sse', true],
    ]);

    const missing = await new ConfigLoader({ configFile: join(root, 'nope.json') }).load();
    expect(missing.servers).toEqual([]);
    expect(missing.errors.map((e) => e.message)).toEqual([
      `${join(root, 'nope.json')}: file not found; check the path given to --config`,
    ]);
  });

  it('missing user and project files are simply empty scopes', async () => {
    const loaded = await new ConfigLoader({
      userFile: join(root, 'none.json'),
      projectDir: root,
    }).load();
    expect(loaded).toMatchObject({ servers: [], errors: [] });
    expect(loaded.files).toEqual([
      {
        scope: 'user',
        file: join(root, 'none.json'),
        state: 'missing',
        usingLastGood: false,
        errors: [],
        warnings: [],
      },
    ]);
  });
});

describe('ConfigLoader: last good configuration', () => {
  it('keeps the last good servers when the file becomes invalid JSON, and reports file, line and column', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, { mcpServers: { a: { command: 'node' }, b: { url: 'https://h/mcp' } } });
    const loader = new ConfigLoader({ userFile });
    expect((await loader.load()).servers.map((s) => s.name)).toEqual(['a', 'b']);

    write(userFile, '{\n  "mcpServers": {\n    "a": {"command": "node"}\n    "c": {}\n  }\n}');
    const broken = await loader.load();
    expect(broken.servers.map((s) => s.name)).toEqual(['a', 'b']);
    expect(broken.files[0]).toMatchObject({ state: 'invalid', usingLastGood: true });
    expect(broken.errors).toEqual([
      {
        file: userFile,
        line: 4,
        column: 5,
        message: `${userFile}: invalid JSON at line 4, column 5: a comma is missing before this (still using the last valid version of this file)`,
      },
    ]);
    expect(loader.current()).toBe(broken);

    write(userFile, { mcpServers: { c: { command: 'node' } } });
    const fixed = await loader.load();
    expect(fixed.servers.map((s) => s.name)).toEqual(['c']);
    expect(fixed.errors).toEqual([]);
  });

  it('refuses to read a file too large to be a configuration, keeping the last good one', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, { mcpServers: { a: { command: 'node' } } });
    const loader = new ConfigLoader({ userFile });
    await loader.load();
    writeFileSync(userFile, ' '.repeat(5_000_001));
    const loaded = await loader.load();
    expect(loaded.servers.map((s) => s.name)).toEqual(['a']);
    expect(loaded.files[0]).toMatchObject({ state: 'unreadable', usingLastGood: true });
    expect(loaded.errors[0].message).toBe(
      `${userFile}: is 5000001 bytes, too large for a server configuration (at most 5000000); is this the right file? (still using the last valid version of this file)`,
    );
  });

  it('a file that is invalid from the start gives no servers and the error', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, '{"mcpServers": {');
    const loaded = await new ConfigLoader({ userFile }).load();
    expect(loaded.servers).toEqual([]);
    expect(loaded.files[0]).toMatchObject({ state: 'invalid', usingLastGood: false });
    expect(loaded.errors[0]).toMatchObject({ line: 1, column: 17 });
  });

  it('a deleted file takes its servers away (a deliberate edit, not an error)', async () => {
    const userFile = join(root, 'mcp.json');
    write(userFile, { mcpServers: { a: { command: 'node' } } });
    const loader = new ConfigLoader({ userFile });
    await loader.load();
    rmSync(userFile);
    expect(await loader.load()).toMatchObject({ servers: [], errors: [] });
  });

  it('switching project folders drops the old project servers', async () => {
    write(join(root, 'p1', '.mcp.json'), { mcpServers: { one: { command: 'node' } } });
    write(join(root, 'p2', '.mcp.json'), { mcpServers: { two: { command: 'node' } } });
    const loader = new ConfigLoader({ projectDir: join(root, 'p1') });
    expect((await loader.load()).servers.map((s) => s.name)).toEqual(['one']);
    loader.setProjectDir(join(root, 'p2'));
    expect((await loader.load()).servers.map((s) => s.name)).toEqual(['two']);
  });
});
