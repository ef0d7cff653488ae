import { describe, expect, it } from 'vitest';
import { entryFromForm, formFromEntry } from '../../../../renderer/lib/entry-form';

describe('the server form’s sign-in fields', () => {
  it('round-trip an entry’s oauth, keeping keys the form does not show', () => {
    const entry = {
      url: 'https://d.example/mcp',
      oauth: {
        clientId: 'lena',
        clientSecret: '${secret:D}',
        scopes: ['a', 'b'],
        callbackPort: 33418,
        clientMetadataUrl: 'https://lena.example/cimd.json',
      },
    };
    const form = formFromEntry(entry);
    expect(form.oauth).toMatchObject({
      grant: '',
      clientId: 'lena',
      clientSecret: '${secret:D}',
      scopes: 'a b',
      callbackPort: '33418',
      dpop: '',
    });
    expect(entryFromForm(form, entry)).toEqual(entry);
  });

  it('writes only what was filled in, and no oauth at all when nothing was', () => {
    const form = formFromEntry({ url: 'https://d.example/mcp' });
    expect(entryFromForm(form, { url: 'https://d.example/mcp' })).toEqual({
      url: 'https://d.example/mcp',
    });
    expect(
      entryFromForm(
        { ...form, oauth: { ...form.oauth, scopes: 'read, write', callbackPort: '40000' } },
        {},
      ),
    ).toEqual({
      url: 'https://d.example/mcp',
      oauth: { scopes: ['read', 'write'], callbackPort: 40000 },
    });
    // A local server has no sign-in: switching to stdio drops it.
    expect(
      entryFromForm(
        {
          ...formFromEntry({ url: 'https://d/mcp', oauth: { clientId: 'x' } }),
          transport: 'stdio',
          command: 'npx',
        },
        { url: 'https://d/mcp', oauth: { clientId: 'x' } },
      ),
    ).toEqual({ command: 'npx' });
  });

  it('round-trip the machine and enterprise grants and DPoP on or off (issue 21)', () => {
    const entries = [
      {
        url: 'https://c/mcp',
        oauth: {
          grant: 'client_credentials' as const,
          clientId: 'bot',
          privateKey: '${secret:K}',
          signingAlgorithm: 'ES256',
          dpop: true,
        },
      },
      {
        url: 'https://c/mcp',
        oauth: {
          grant: 'client_credentials' as const,
          clientId: 'bot',
          privateKeyFile: '/k.pem',
          dpop: false,
        },
      },
      {
        url: 'https://c/mcp',
        oauth: { grant: 'jwt_bearer' as const, assertionFile: '/var/run/token' },
      },
      {
        url: 'https://c/mcp',
        oauth: {
          grant: 'enterprise' as const,
          clientId: 'l',
          clientSecret: '${secret:E}',
          idpTokenEndpoint: 'https://idp/t',
          idpClientId: 'i',
          assertionEnv: 'ID_TOKEN',
        },
      },
    ];
    for (const entry of entries) expect(entryFromForm(formFromEntry(entry), entry)).toEqual(entry);
    const form = formFromEntry({ url: 'https://c/mcp' });
    expect(entryFromForm({ ...form, oauth: { ...form.oauth, dpop: 'off' } }, {}).oauth).toEqual({
      dpop: false,
    });
  });
});
