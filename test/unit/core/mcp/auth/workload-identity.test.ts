// Workload identity (issue 21): the platform's JWT is read from the configured file or variable
// at each grant, and every missing piece says which setting to fix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  workloadAssertion,
  workloadIdentity,
} from '../../../../../electron/core/mcp/auth/workload-identity';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('workload identity', () => {
  it('reads the token file anew each time (platforms rotate it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-wif-'));
    dirs.push(dir);
    const file = join(dir, 'token');
    writeFileSync(file, 'jwt-1\n');
    expect(await workloadAssertion({ assertionFile: file })).toBe('jwt-1');
    writeFileSync(file, 'jwt-2');
    expect(await workloadAssertion({ assertionFile: file })).toBe('jwt-2');
  });

  it('reads the token from an environment variable', async () => {
    expect(
      await workloadAssertion({ assertionEnv: 'WORKLOAD_JWT' }, { WORKLOAD_JWT: ' jwt ' }),
    ).toBe('jwt');
  });

  it('says which setting is missing or unreadable', async () => {
    await expect(workloadAssertion({ assertionFile: '/nonexistent/lena/token' })).rejects.toThrow(
      /workload token file \/nonexistent\/lena\/token could not be read \(ENOENT\)/,
    );
    await expect(workloadAssertion({ assertionEnv: 'WORKLOAD_JWT' }, {})).rejects.toThrow(
      /WORKLOAD_JWT holds no workload token/,
    );
    await expect(workloadAssertion({})).rejects.toThrow(
      /needs "oauth.assertionFile" or "oauth.assertionEnv"/,
    );
    expect(() =>
      workloadIdentity({ issuer: 'https://as.example.com' }, { grant: 'jwt_bearer' }),
    ).toThrow(/needs "oauth.clientId"/);
  });

  it('presents the workload as a public client unless the entry gives a secret', () => {
    expect(workloadIdentity({ issuer: 'https://as.example.com' }, { clientId: 'w' }).method).toBe(
      'none',
    );
  });
});
