// A server entry's "oauth" options (issue 20): validated like the rest of the entry, with messages
// that say what to write, and a client secret that must stay out of the file.
import { describe, expect, it } from 'vitest';
import { validateServerEntry } from '../../../../shared/config/server-entry-schema';

const check = (entry: unknown): string[] => {
  const r = validateServerEntry('mcp.json', 'docs', entry);
  return r.ok ? [] : r.issues.map((i) => i.message);
};

describe('"oauth" in a server entry', () => {
  it('accepts a pre-registered client with a secret reference, scopes and a callback port', () => {
    expect(
      check({
        url: 'https://docs.example.com/mcp',
        oauth: {
          clientId: 'lena',
          clientSecret: '${secret:docs-client}',
          scopes: ['read', 'write'],
          callbackPort: 33418,
        },
      }),
    ).toEqual([]);
    expect(check({ url: 'https://docs.example.com/mcp', oauth: {} })).toEqual([]);
  });

  it('accepts a machine client (client credentials) with a secret or a private key reference', () => {
    expect(
      check({
        url: 'https://d/mcp',
        oauth: { grant: 'client_credentials', clientId: 'bot', clientSecret: '${secret:bot}' },
      }),
    ).toEqual([]);
    expect(
      check({
        url: 'https://d/mcp',
        oauth: {
          grant: 'client_credentials',
          clientId: 'bot',
          privateKey: '${secret:bot-key}',
          signingAlgorithm: 'ES256',
        },
      }),
    ).toEqual([]);
    expect(
      check({
        url: 'https://d/mcp',
        oauth: { grant: 'jwt_bearer', clientId: 'w', assertionFile: '/var/run/secrets/token' },
      }),
    ).toEqual([]);
    expect(
      check({
        url: 'https://d/mcp',
        oauth: { grant: 'jwt_bearer', clientId: 'w', assertionEnv: 'not a name' },
      })[0],
    ).toMatch(/"oauth\.assertionEnv" must be an environment variable name/);
    expect(
      check({
        url: 'https://d/mcp',
        oauth: {
          grant: 'enterprise',
          clientId: 'c',
          clientSecret: '${secret:c}',
          idpTokenEndpoint: 'https://idp.example.com/token',
          idpClientId: 'lena',
          assertionEnv: 'ID_TOKEN',
        },
      }),
    ).toEqual([]);
    expect(
      check({ url: 'https://d/mcp', oauth: { idpTokenEndpoint: 'idp.example.com' } })[0],
    ).toMatch(
      /"oauth\.idpTokenEndpoint" must be the URL of the identity provider's token endpoint/,
    );
    expect(check({ url: 'https://d/mcp', oauth: { grant: 'password' } })[0]).toMatch(
      /"oauth\.grant" must be "authorization_code" .* or "enterprise"/,
    );
    expect(check({ url: 'https://d/mcp', oauth: { signingAlgorithm: 'HS256' } })[0]).toMatch(
      /"oauth\.signingAlgorithm" must be ES256, ES384, RS256, PS256 or EdDSA/,
    );
    const [literal] = check({
      url: 'https://d/mcp',
      oauth: { privateKey: '-----BEGIN PRIVATE KEY-----' },
    });
    expect(literal).toMatch(
      /"oauth\.privateKey" must be a reference such as "\$\{secret:NAME\}" \(keep the key itself/,
    );
  });

  it('refuses a literal client secret, without repeating it', () => {
    const [message] = check({
      url: 'https://docs.example.com/mcp',
      oauth: { clientSecret: 's3cr3t-value' },
    });
    expect(message).toMatch(
      /"oauth\.clientSecret" must be a reference such as "\$\{secret:NAME\}"/,
    );
    expect(message).not.toContain('s3cr3t-value');
  });

  it('says what is wrong with the other fields', () => {
    expect(check({ url: 'https://d/mcp', oauth: { callbackPort: 80 } })[0]).toMatch(
      /"oauth\.callbackPort" must be a port from 1024 to 65535/,
    );
    expect(check({ url: 'https://d/mcp', oauth: { scopes: 'read' } })[0]).toMatch(
      /"oauth\.scopes" must be an array of scope names/,
    );
    expect(
      check({ url: 'https://d/mcp', oauth: { clientMetadataUrl: 'http://d/client.json' } })[0],
    ).toMatch(/must be an https URL/);
    expect(check({ url: 'https://d/mcp', oauth: { clientID: 'x' } })[0]).toMatch(/oauth/);
    expect(check({ command: 'npx', oauth: { clientId: 'x' } })[0]).toMatch(
      /"oauth" is only for remote servers/,
    );
  });
});
