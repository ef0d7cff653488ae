import { describe, expect, it } from 'vitest';
import { parseBearerChallenge } from '../../../../../electron/core/mcp/auth/www-authenticate';

describe('parseBearerChallenge', () => {
  it('reads error, scope and resource_metadata, quoted or not', () => {
    expect(
      parseBearerChallenge(
        'Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://h/.well-known/oauth-protected-resource/mcp"',
      ),
    ).toEqual({
      error: 'insufficient_scope',
      scope: ['files:read', 'files:write'],
      resourceMetadata: 'https://h/.well-known/oauth-protected-resource/mcp',
    });
    expect(
      parseBearerChallenge(
        'Bearer realm=mcp, error=invalid_token, error_description="Token has \\"expired\\""',
      ),
    ).toEqual({ error: 'invalid_token', errorDescription: 'Token has "expired"' });
  });

  it('finds Bearer among other schemes and ignores their parameters', () => {
    expect(parseBearerChallenge('Basic realm="x", DPoP algs="ES256", Bearer scope="a"')).toEqual({
      scope: ['a'],
    });
    expect(parseBearerChallenge('Basic abc==, Bearer resource_metadata="https://h/m"')).toEqual({
      resourceMetadata: 'https://h/m',
    });
    expect(parseBearerChallenge('bearer')).toEqual({});
  });

  it('is undefined without a Bearer challenge', () => {
    expect(parseBearerChallenge(undefined)).toBeUndefined();
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
  });
});
