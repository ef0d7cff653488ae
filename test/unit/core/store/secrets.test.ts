import { describe, expect, it } from 'vitest';
import {
  API_KEY_SECRET,
  EnvSecretProvider,
  secretValues,
} from '../../../../electron/core/store/secrets';

describe('EnvSecretProvider', () => {
  it('reads the API key from ANTHROPIC_API_KEY and other secrets from the variable of that name', async () => {
    const p = new EnvSecretProvider({
      ANTHROPIC_API_KEY: 'sk-ant-env',
      GITHUB_TOKEN: 'ghp_x',
      EMPTY: '',
    });
    expect(await p.get(API_KEY_SECRET)).toBe('sk-ant-env');
    expect(await p.get('GITHUB_TOKEN')).toBe('ghp_x');
    expect(await p.has('MISSING')).toBe(false);
    expect(await p.has('EMPTY')).toBe(false);
    expect(p.persistent).toBe(false);
    expect(p.description).toMatch(/memory/);
  });

  it('keeps values set in the session in memory only, over the environment', async () => {
    const env: NodeJS.ProcessEnv = { ANTHROPIC_API_KEY: 'from-env' };
    const p = new EnvSecretProvider(env);
    await p.set(API_KEY_SECRET, 'typed-in');
    expect(await p.get(API_KEY_SECRET)).toBe('typed-in');
    expect(env.ANTHROPIC_API_KEY).toBe('from-env'); // the environment is not touched
    expect(await new EnvSecretProvider(env).get(API_KEY_SECRET)).toBe('from-env'); // nothing persisted
    await expect(p.set('X', '')).rejects.toThrow(/cannot be empty/);
  });

  it('delete hides the value for the session, even one from the environment', async () => {
    const p = new EnvSecretProvider({ TOKEN: 'env-value' });
    await p.delete('TOKEN');
    expect(await p.has('TOKEN')).toBe(false);
    await p.set('TOKEN', 'again');
    expect(await p.get('TOKEN')).toBe('again');
  });

  it('secretValues lists the values that are set, for redaction', async () => {
    const p = new EnvSecretProvider({ A: 'alpha-secret', B: '' });
    expect(await secretValues(p, ['A', 'B', 'C'])).toEqual(['alpha-secret']);
  });
});
