// The command line's file of tokens (used where no keychain takes a write) under base's corrupt-file
// policy: a damaged oauth-tokens.json is kept aside and named on stderr, never written over.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliSecrets } from '../../../electron/cli/cli-secrets';

// The machine's keychain plays a headless Linux without Secret Service (it refuses writes), so the
// file store is what every run tests, whatever keychain the developer's machine has.
vi.mock('@napi-rs/keyring', () => ({
  Entry: class {
    setPassword(): void {
      throw new Error('no Secret Service');
    }
  },
}));

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the CLI’s token file', () => {
  it('keeps a damaged oauth-tokens.json aside, says where on stderr, and writes a new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-cli-secrets-'));
    dirs.push(dir);
    const file = join(dir, 'oauth-tokens.json');
    const secrets = await cliSecrets({ oauthTokens: file });
    expect(secrets.store).toBe('file');
    writeFileSync(file, '{"oauth-access-1": "tok');
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (chunk) => (said.push(String(chunk)), true),
    );

    expect(await secrets.port.get('oauth-access-1')).toBeUndefined();
    await secrets.port.set('oauth-access-2', 'new');

    const aside = readdirSync(dir).filter((f) => f.startsWith('oauth-tokens.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe('{"oauth-access-1": "tok');
    expect(said).toEqual([
      expect.stringMatching(/^lena: .*oauth-tokens\.json is not valid JSON .*moved to .*corrupt-/),
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'oauth-access-2': 'new' });
  });
});
