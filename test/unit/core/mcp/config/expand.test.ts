import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandEntry, type SecretLookup } from '../../../../../electron/core/mcp/config/expand';
import { ConfigLoader } from '../../../../../electron/core/mcp/config/loader';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

describe('expandEntry: variables', () => {
  it('expands ${VAR} and ${VAR:-default} in command, args, env, url and headers', async () => {
    const env = { BIN: '/opt/node', ROOT: '/data', TOKEN: 's3cret' };
    const local = await expandEntry(
      {
        command: '${BIN}',
        args: ['--root=${ROOT}', '--mode=${MODE:-fast}'],
        env: { KEY: '${TOKEN}', EMPTY: '${UNSET:-}' },
      },
      { env },
    );
    expect(local).toEqual({
      ok: true,
      launch: {
        transport: 'stdio',
        command: '/opt/node',
        args: ['--root=/data', '--mode=fast'],
        env: { KEY: 's3cret', EMPTY: '' },
        requestTimeoutMs: 60_000,
        startupTimeoutMs: 120_000,
      },
      used: [
        { name: 'BIN', kind: 'variable', source: 'env' },
        { name: 'ROOT', kind: 'variable', source: 'env' },
        { name: 'MODE', kind: 'variable', source: 'default' },
        { name: 'TOKEN', kind: 'variable', source: 'env' },
        { name: 'UNSET', kind: 'variable', source: 'default' },
      ],
    });
    const remote = await expandEntry(
      {
        url: 'https://${HOST:-api.example.com}/mcp',
        headers: { Authorization: 'Bearer ${TOKEN}' },
        timeout: 5,
        startupTimeout: 30,
      },
      { env },
    );
    expect(remote).toMatchObject({
      ok: true,
      launch: {
        transport: 'http-with-sse-fallback',
        url: 'https://api.example.com/mcp',
        headers: { Authorization: 'Bearer s3cret' },
        requestTimeoutMs: 5000,
        startupTimeoutMs: 30_000,
      },
    });
  });

  it('a default applies to an empty variable too (as in the shell), a plain ${VAR} keeps the empty value', async () => {
    const result = await expandEntry(
      { command: 'x', args: ['${E:-d}', '[${E}]'] },
      { env: { E: '' } },
    );
    expect(result.ok && result.launch.transport === 'stdio' && result.launch.args).toEqual([
      'd',
      '[]',
    ]);
  });

  it('on Windows, variable names match regardless of case, as they do there', async () => {
    const env = { Path: 'C:\\bin', UserProfile: 'C:\\Users\\me' };
    const win = await expandEntry(
      { command: 'x', args: ['${PATH}', '${secret:USERPROFILE}'] },
      { env, platform: 'win32' },
    );
    expect(win.ok && win.launch.transport === 'stdio' && win.launch.args).toEqual([
      'C:\\bin',
      'C:\\Users\\me',
    ]);
    expect(
      await expandEntry({ command: 'x', args: ['${PATH}'] }, { env, platform: 'linux' }),
    ).toMatchObject({ ok: false, missing: ['PATH'] });
  });

  it('leaves text that is not variable syntax alone (shell scripts in args)', async () => {
    const result = await expandEntry(
      { command: 'bash', args: ['-c', 'echo ${1} $HOME ${a-b}'] },
      { env: {} },
    );
    expect(result.ok && result.launch.transport === 'stdio' && result.launch.args[1]).toBe(
      'echo ${1} $HOME ${a-b}',
    );
  });

  it('an unset variable without a default skips the server and names every missing variable, never a value', async () => {
    const result = await expandEntry(
      { command: 'x', args: ['${A}', '${B}', '${A}', '${SET}'] },
      { env: { SET: 'value-not-shown' } },
    );
    expect(result).toEqual({
      ok: false,
      reason: 'missing-variables',
      message: 'missing environment variables: A, B',
      missing: ['A', 'B'],
      used: [{ name: 'SET', kind: 'variable', source: 'env' }],
    });
  });

  it('resolves a relative or ~ cwd against the config file folder or the home folder; defaultCwd applies only without one', async () => {
    const rel = await expandEntry(
      { command: 'x', cwd: 'tools/${SUB:-a}' },
      { env: {}, baseDir: '/proj' },
    );
    expect(rel.ok && rel.launch.transport === 'stdio' && rel.launch.cwd).toBe(
      join('/proj', 'tools', 'a'),
    );
    const fallback = await expandEntry(
      { command: 'node', args: ['./server.js'] },
      { env: {}, baseDir: '/proj', defaultCwd: '/proj' },
    );
    expect(fallback.ok && fallback.launch.transport === 'stdio' && fallback.launch.cwd).toBe(
      '/proj',
    );
    const own = await expandEntry(
      { command: 'node', cwd: '/elsewhere' },
      { env: {}, defaultCwd: '/proj' },
    );
    expect(own.ok && own.launch.transport === 'stdio' && own.launch.cwd).toBe('/elsewhere');
    const home = await expandEntry({ command: 'x', cwd: '~/srv' }, { env: {} });
    expect(home.ok && home.launch.transport === 'stdio' && home.launch.cwd).toBe(
      join(homedir(), 'srv'),
    );
  });

  it('a URL that is not http(s) after expansion is invalid, and the message shows the unexpanded value', async () => {
    expect(
      await expandEntry({ url: '${BASE}/mcp' }, { env: { BASE: 'ftp://secret-host' } }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: '"url" must use http:// or https:// (got ftp://) (configured as "${BASE}/mcp")',
    });
    expect(await expandEntry({ url: '${BASE}' }, { env: { BASE: 'not a url' } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await expandEntry({ url: 'ws://h/mcp?api_key=sk-123' }, { env: {} })).toMatchObject({
      message: '"url" must use http:// or https:// (got ws://) (configured as "ws://h/mcp?…")',
    });
  });
});

describe('expandEntry: secrets', () => {
  const store = (values: Record<string, string>): SecretLookup => ({
    get: async (name) => values[name],
  });

  it('reads ${secret:NAME} from the store (asynchronous or not) and reports only the name', async () => {
    const result = await expandEntry(
      { url: 'https://h/mcp', headers: { Authorization: 'Bearer ${secret:GITHUB_TOKEN}' } },
      { env: {}, secrets: store({ GITHUB_TOKEN: 'ghp_x' }) },
    );
    expect(result).toMatchObject({
      ok: true,
      launch: { headers: { Authorization: 'Bearer ghp_x' } },
      used: [{ name: 'GITHUB_TOKEN', kind: 'secret', source: 'secret-store' }],
    });
    const sync = await expandEntry(
      { command: 'x', env: { T: '${secret:T}' } },
      { env: {}, secrets: { get: () => 'v' } },
    );
    expect(sync.ok && sync.launch.transport === 'stdio' && sync.launch.env.T).toBe('v');
  });

  it('without a store (the command line), falls back to the environment variable of the same name', async () => {
    const result = await expandEntry(
      { command: 'x', env: { T: '${secret:API_KEY}' } },
      { env: { API_KEY: 'from-env' } },
    );
    expect(result).toMatchObject({
      ok: true,
      launch: { env: { T: 'from-env' } },
      used: [{ name: 'API_KEY', source: 'secret-env' }],
    });
  });

  it('a store that cannot be read counts as no store', async () => {
    const locked: SecretLookup = { get: () => Promise.reject(new Error('keychain locked')) };
    const result = await expandEntry(
      { command: 'x', env: { T: '${secret:API_KEY}' } },
      { env: {}, secrets: locked },
    );
    expect(result).toMatchObject({ ok: false, reason: 'missing-secrets', missing: ['API_KEY'] });
    expect(!result.ok && result.message).toBe(
      'secret "API_KEY" cannot be read here (no secret store is available) and the environment variable API_KEY is not set; set API_KEY in the environment',
    );
  });

  it('a readable store has the last word: a secret it lacks is missing even if the variable is set', async () => {
    const result = await expandEntry(
      { command: 'x', args: ['${secret:TOKEN}', '${NOPE}'] },
      { env: { TOKEN: 'from-env' }, secrets: store({}) },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: 'missing-variables',
      missing: ['NOPE', 'TOKEN'],
    });
    expect(!result.ok && result.message).toBe(
      'missing environment variables: NOPE; secret "TOKEN" is not in Lena\'s secret store; add it in Settings (the window) or with lena secrets set TOKEN (the command line, which cannot read the window\'s store)',
    );
  });

  it('without a store and without the variable, the server is skipped with a message saying so', async () => {
    const result = await expandEntry(
      { url: 'https://h/mcp', headers: { Authorization: 'Bearer ${secret:TOKEN}' } },
      { env: {} },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: 'missing-secrets',
      missing: ['TOKEN'],
      used: [],
    });
  });
});

describe('expansion across a loaded configuration', () => {
  it('only the server with the missing variable is skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-expand-'));
    try {
      const file = join(dir, 'mcp.json');
      writeFileSync(
        file,
        JSON.stringify({
          mcpServers: {
            a: { command: 'node', args: ['${MISSING}'] },
            b: { command: 'node', args: ['${X:-d}'] },
          },
        }),
      );
      const loaded = await new ConfigLoader({ userFile: file }).load();
      const results = await Promise.all(
        loaded.servers.map((s) => expandEntry(s.entry!, { env: {} })),
      );
      expect(results.map((r) => (r.ok ? 'ok' : r.message))).toEqual([
        'missing environment variables: MISSING',
        'ok',
      ]);
      expect(
        results[1].ok && results[1].launch.transport === 'stdio' && results[1].launch.args,
      ).toEqual(['d']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
