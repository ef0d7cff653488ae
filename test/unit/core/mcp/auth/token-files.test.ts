// Where sign-ins persist: metadata in a 0600 oauth.json (no token in it), secrets in the secret
// store; the window's and the command line's sign-ins side by side, neither shadowing the other.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileAuthStore, type SecretPort } from '../../../../../electron/core/mcp/auth/token-files';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function memorySecrets(): SecretPort & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (n) => values.get(n),
    set: async (n, v) => void values.set(n, v),
    delete: async (n) => void values.delete(n),
  };
}

const tokens = (access: string) => ({
  issuer: 'https://as.example/',
  resource: 'https://mcp.example/mcp',
  clientId: 'c1',
  accessToken: access,
  refreshToken: `r-${access}`,
  expiresAt: 1_900_000_000_000,
  scope: ['read'],
});

describe('FileAuthStore', () => {
  it('keeps tokens in the secret store and only metadata, 0600, in oauth.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-oauth-store-'));
    dirs.push(dir);
    const file = join(dir, 'oauth.json');
    const secrets = memorySecrets();
    const store = new FileAuthStore(file, secrets, 'window');
    await store.saveTokens('docs https://mcp.example/mcp', tokens('access-secret-value'));
    await store.saveClient({
      issuer: 'https://as.example/',
      clientId: 'c1',
      clientSecret: 'client-secret-value',
    });
    const text = readFileSync(file, 'utf8');
    for (const secret of ['access-secret-value', 'r-access-secret-value', 'client-secret-value'])
      expect(text).not.toContain(secret);
    expect([...secrets.values.values()].sort()).toEqual([
      'access-secret-value',
      'client-secret-value',
      'r-access-secret-value',
    ]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.loadTokens('docs https://mcp.example/mcp')).toEqual(
      tokens('access-secret-value'),
    );
    expect(await store.loadClient('https://as.example/')).toEqual({
      issuer: 'https://as.example/',
      clientId: 'c1',
      clientSecret: 'client-secret-value',
    });
    await store.deleteTokens('docs https://mcp.example/mcp');
    expect(await store.loadTokens('docs https://mcp.example/mcp')).toBeUndefined();
    expect(secrets.values.has('access-secret-value')).toBe(false);
  });

  it('keeps the window’s and the command line’s sign-ins apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-oauth-store-'));
    dirs.push(dir);
    const file = join(dir, 'oauth.json');
    const window = new FileAuthStore(file, memorySecrets(), 'window');
    const cli = new FileAuthStore(file, memorySecrets(), 'file');
    await window.saveTokens('docs u', tokens('w'));
    await cli.saveTokens('docs u', tokens('c'));
    expect((await window.loadTokens('docs u'))?.accessToken).toBe('w');
    expect((await cli.loadTokens('docs u'))?.accessToken).toBe('c');
    expect((await window.list()).map((m) => m.store).sort()).toEqual(['file', 'window']);
  });

  it('keeps a damaged oauth.json aside and says so, rather than writing over it (signed out meanwhile)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-oauth-store-'));
    dirs.push(dir);
    const file = join(dir, 'oauth.json');
    writeFileSync(file, '{"version": 1, "servers": {"docs');
    const notices: string[] = [];
    const store = new FileAuthStore(file, memorySecrets(), 'window', (m) => notices.push(m));

    expect(await store.loadTokens('docs https://mcp.example/mcp')).toBeUndefined();
    await store.saveTokens('docs https://mcp.example/mcp', tokens('new-access'));

    const aside = readdirSync(dir).filter((f) => f.startsWith('oauth.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe('{"version": 1, "servers": {"docs');
    expect(notices).toEqual([
      expect.stringContaining(
        `oauth.json is not valid JSON (line 1, column 33: the file ends too early: a closing "}", "]" or quote is missing)`,
      ),
    ]);
    expect(await store.loadTokens('docs https://mcp.example/mcp')).toEqual(tokens('new-access'));
  });
});
