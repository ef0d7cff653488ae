// An entry's "oauth" reaches the provider expanded: the client secret comes from Lena's secret
// store, a missing secret skips the server with the usual message, and mcp.json keeps the reference.
import { describe, expect, it } from 'vitest';
import { expandEntry, type RemoteLaunch } from '../../../../../electron/core/mcp/config/expand';

const entry = {
  type: 'http' as const,
  url: 'https://docs.example.com/mcp',
  oauth: { clientId: 'lena', clientSecret: '${secret:DOCS_CLIENT}', scopes: ['read'] },
};

describe('oauth in a launch', () => {
  it('expands the client secret from the secret store', async () => {
    const r = await expandEntry(entry, {
      env: {},
      secrets: { get: async (n) => (n === 'DOCS_CLIENT' ? 's3cret' : undefined) },
    });
    expect(r.ok && (r.launch as RemoteLaunch).oauth).toEqual({
      clientId: 'lena',
      clientSecret: 's3cret',
      scopes: ['read'],
    });
    expect(entry.oauth.clientSecret).toBe('${secret:DOCS_CLIENT}'); // the entry itself is untouched
  });

  it("expands a machine client's private key from the secret store", async () => {
    const machine = {
      type: 'http' as const,
      url: 'https://d.example.com/mcp',
      oauth: {
        grant: 'client_credentials' as const,
        clientId: 'bot',
        privateKey: '${secret:BOT_KEY}',
      },
    };
    const r = await expandEntry(machine, {
      env: {},
      secrets: { get: async (n) => (n === 'BOT_KEY' ? 'PEM' : undefined) },
    });
    expect(r.ok && (r.launch as RemoteLaunch).oauth).toEqual({
      grant: 'client_credentials',
      clientId: 'bot',
      privateKey: 'PEM',
    });
    const missing = await expandEntry(machine, {
      env: {},
      secrets: { get: async () => undefined },
    });
    expect(!missing.ok && missing.message).toMatch(
      /secret "BOT_KEY" is not in Lena's secret store/,
    );
  });

  it('skips the server when the secret is missing, naming it', async () => {
    const r = await expandEntry(entry, { env: {}, secrets: { get: async () => undefined } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/secret "DOCS_CLIENT" is not in Lena's secret store/);
  });
});
