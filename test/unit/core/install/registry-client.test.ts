// The registry client against the loopback stand-in: two pages through metadata.nextCursor, the
// status of each server (deleted hidden, deprecated with its message), names URL-encoded, the disk
// cache refreshed with updated_since, and a registry that is down said as such.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RegistryClient } from '../../../../electron/core/install/registry-client';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { startRegistryStandIn, type RegistryStandIn } from '../../../fixtures/registry/stand-in';

let registry: RegistryStandIn;
let dir: string;
beforeAll(async () => {
  registry = await startRegistryStandIn({ pageSize: 5 });
  dir = mkdtempSync(join(tmpdir(), 'lena-registry-'));
});
afterAll(async () => {
  await registry.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  registry.requests.length = 0;
  registry.down = false;
});

describe('the registry client', () => {
  it('pages with nextCursor, hides deleted servers, keeps a deprecated one with its message', async () => {
    const client = new RegistryClient({ baseUrl: registry.url });
    const first = await client.search({ search: 'lena-test' });
    expect(first.servers.map((s) => s.server.name)).toEqual([
      'io.github.lena-test/bundle',
      'io.github.lena-test/dotnet-tools',
      'io.github.lena-test/everything',
      // gone (deleted) is on this page of the registry and not shown
      'io.github.lena-test/memory',
    ]);
    expect(first.nextCursor).toBeTruthy();
    const second = await client.search({ search: 'lena-test', cursor: first.nextCursor });
    expect(second.servers.map((s) => [s.server.name, s.status, s.statusMessage])).toEqual([
      ['io.github.lena-test/old-search', 'deprecated', 'Replaced by io.github.lena-test/search'],
      ['io.github.lena-test/postgres', 'active', undefined],
      ['io.github.lena-test/weather', 'active', undefined],
    ]);
    expect(second.nextCursor).toBeUndefined();
    expect(registry.requests[0]).toBe('/v0.1/servers?version=latest&search=lena-test');
  });

  it('gets one version by URL-encoded name; a deleted server cannot be installed', async () => {
    const client = new RegistryClient({ baseUrl: registry.url });
    const memory = await client.get('io.github.lena-test/memory');
    expect(memory.server.version).toBe('2026.8.31');
    expect(registry.requests).toContain(
      '/v0.1/servers/io.github.lena-test%2Fmemory/versions/latest',
    );
    await expect(client.get('io.github.lena-test/gone')).rejects.toThrow(
      /was deleted.*Withdrawn: malicious release/,
    );
    await expect(client.get('io.github.lena-test/memory', '9.9.9')).rejects.toMatchObject({
      code: ERROR_CODE.notFound,
    });
  });

  it('serves a cached page, refreshing its records with updated_since', async () => {
    let now = Date.parse('2026-04-01T12:00:00Z');
    const client = new RegistryClient({
      baseUrl: registry.url,
      cacheFile: join(dir, 'cache-a.json'),
      now: () => now,
    });
    await client.search({ search: 'weather' });
    // The publisher deprecates it; a minute later the cached page shows the new status.
    registry.put({
      server: { name: 'io.github.lena-test/weather', description: 'Forecasts', version: '0.3.2' },
      _meta: {
        'io.modelcontextprotocol.registry/official': {
          status: 'deprecated',
          statusMessage: 'Moved to com.example/weather',
          updatedAt: '2026-04-01T12:00:30Z',
        },
      },
    });
    now += 60_000;
    registry.requests.length = 0;
    const again = await client.search({ search: 'weather' });
    expect(registry.requests).toEqual([
      '/v0.1/servers?version=latest&updated_since=2026-04-01T12%3A00%3A00.000Z',
    ]);
    expect(again.servers.map((s) => [s.server.version, s.status, s.statusMessage])).toEqual([
      ['0.3.2', 'deprecated', 'Moved to com.example/weather'],
    ]);
  });

  it('says when the registry is down; a cached page is served marked stale', async () => {
    let now = Date.parse('2026-04-01T12:00:00Z');
    const client = new RegistryClient({
      baseUrl: registry.url,
      cacheFile: join(dir, 'cache-b.json'),
      now: () => now,
    });
    await client.search({ search: 'memory' });
    registry.down = true;
    now += 3_600_000;
    const stale = await client.search({ search: 'memory' });
    expect(stale.servers.map((s) => s.server.name)).toEqual(['io.github.lena-test/memory']);
    expect(stale.stale?.reason).toMatch(/answered 503/);
    const err = await client.search({ search: 'postgres' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LenaError);
    expect((err as LenaError).code).toBe(ERROR_CODE.unavailable);
    expect((err as LenaError).message).toMatch(
      /MCP Registry at http:\/\/127\.0\.0\.1:\d+ answered 503/,
    );
  });

  it('says when nothing answers at the address', async () => {
    const gone = await startRegistryStandIn();
    await gone.close();
    const client = new RegistryClient({ baseUrl: gone.url });
    await expect(client.search({ search: 'x' })).rejects.toThrow(
      /MCP Registry at http:\/\/127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\)/,
    );
  });
});
