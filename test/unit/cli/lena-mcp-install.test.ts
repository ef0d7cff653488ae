// `lena mcp search / show / install` against the loopback registry stand-in, and `lena secrets`:
// pages and statuses as the registry says, a registry that is down said so, an install that maps
// server.json to the entry the table tests expect and then runs the real npm server through it,
// secrets kept out of mcp.json and out of every output, ${secret:NAME} found in the CLI's store.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, FIXTURES, lena, tempHome } from './cli-harness';
import { startRegistryStandIn, type RegistryStandIn } from '../../fixtures/registry/stand-in';

let home: string;
let registry: RegistryStandIn;
const run = (args: string[], input?: string, env: Record<string, string> = {}) =>
  lena(home, [...args, '--registry', registry.url], { input, env });
const config = () =>
  JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as {
    mcpServers: Record<string, Record<string, unknown>>;
  };

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-install-');
  registry = await startRegistryStandIn({ pageSize: 5 });
});
afterAll(async () => {
  await registry.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena mcp search and show', () => {
  it('pages through the registry; deleted servers hidden, deprecated ones with their message', async () => {
    const first = await run(['mcp', 'search', 'lena-test', '--json']);
    expect(first.code).toBe(0);
    const page = first.json();
    expect(page.servers.map((s: { name: string }) => s.name)).toEqual([
      'io.github.lena-test/bundle',
      'io.github.lena-test/dotnet-tools',
      'io.github.lena-test/everything',
      'io.github.lena-test/memory',
    ]);
    const second = await run(['mcp', 'search', 'lena-test', '--cursor', page.nextCursor]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      'io.github.lena-test/old-search  0.9.0  [deprecated: Replaced by io.github.lena-test/search]',
    );
    expect(second.stdout).toContain('Weather: Forecasts from OpenWeatherMap (pypi)');
    expect(second.stdout).not.toContain('gone');
  });

  it('says when the registry is down, instead of an empty list', async () => {
    registry.down = true;
    try {
      const r = await run(['mcp', 'search', 'nothing-cached', '--json']);
      expect(r.code).toBe(1);
      expect(r.json().error.code).toBe('unavailable');
      expect(r.json().error.message).toMatch(
        /The MCP Registry at http:\/\/127.0.0.1:\d+ answered 503/,
      );
    } finally {
      registry.down = false;
    }
  });

  it('shows how a server installs: fields, secrets, a bundle from its file, the publisher’s note', async () => {
    const weather = await run(['mcp', 'show', 'io.github.lena-test/weather']);
    expect(weather.code).toBe(0);
    expect(weather.stdout).toContain('package:0  pypi weather-mcp@0.3.1');
    expect(weather.stdout).toContain(
      '-e WEATHER_API_KEY=…  (required, secret) Your OpenWeatherMap API key',
    );
    expect(weather.stdout).toContain(
      '--arg --units=…  (optional, default metric, one of metric, imperial)',
    );
    expect(weather.stdout).toMatch(/Lena runs none of it/);
    const json = (await run(['mcp', 'show', 'io.github.lena-test/weather', '--json'])).json();
    expect(json.options[0].fields.map((f: { key: string }) => f.key)).toEqual([
      'arg:--units',
      'env:WEATHER_API_KEY',
    ]);
    expect(json.postInstallInstructions).toMatch(/openweathermap/);
    const bundle = await run(['mcp', 'show', 'io.github.lena-test/bundle']);
    expect(bundle.stdout).toContain(
      'an MCP bundle (.mcpb) installs from its file: Lena downloads it, checks its SHA-256',
    );
  });
});

describe('lena mcp install', () => {
  it('maps an npm server to npx -y PACKAGE@VERSION, then the entry runs the real server', async () => {
    const graph = join(home, 'graph.json');
    const r = await run([
      'mcp',
      'install',
      'io.github.lena-test/memory',
      '-e',
      `MEMORY_FILE_PATH=${graph}`,
      '--yes',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(config().mcpServers.memory).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
      env: { MEMORY_FILE_PATH: graph },
    });
    expect(r.json().notes).toContain(
      'It starts untrusted: its tools ask before they run until you trust it.',
    );
    const entities = {
      entities: [{ name: 'Lena', entityType: 'app', observations: ['installed'] }],
    };
    const call = await lena(home, [
      'mcp',
      'call',
      'memory',
      'create_entities',
      JSON.stringify(entities),
    ]);
    expect(call.stderr).toBe('');
    expect(call.code).toBe(0);
    expect(readFileSync(graph, 'utf8')).toContain('"name":"Lena"');
  }, 90_000);

  it('keeps a secret out of mcp.json and every output; refuses to save without --yes off a terminal', async () => {
    const secret = 'owm-secret-7731';
    const unconfirmed = await run([
      'mcp',
      'install',
      'io.github.lena-test/weather',
      '-e',
      `WEATHER_API_KEY=${secret}`,
    ]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('nothing was saved: give --yes');
    expect(unconfirmed.stdout).toContain(
      'WEATHER_API_KEY=${secret:WEATHER_WEATHER_API_KEY} uvx --python 3.12 weather-mcp==0.3.1 --units metric',
    );
    expect(config().mcpServers.weather).toBeUndefined();

    const r = await run([
      'mcp',
      'install',
      'io.github.lena-test/weather',
      '-e',
      `WEATHER_API_KEY=${secret}`,
      '--yes',
    ]);
    expect(r.code).toBe(0);
    expect(config().mcpServers.weather.env).toEqual({
      WEATHER_API_KEY: '${secret:WEATHER_WEATHER_API_KEY}',
    });
    expect(r.stdout).toContain('not visible to lena');
    const listed = await lena(home, ['secrets', 'list']);
    expect(listed.stdout).toContain('  WEATHER_WEATHER_API_KEY');
    expect(listed.stdout).toContain('A secret saved in the window is kept by the window');
    for (const out of [unconfirmed, r, listed])
      expect(out.stdout + out.stderr).not.toContain(secret);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain(secret);
  });

  it('names the values still needed when there is no terminal to ask', async () => {
    const r = await run(['mcp', 'install', 'io.github.lena-test/postgres', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs --arg host_dir=…, -e DATABASE_URL=…');
  });

  it('installs a remote from a server.json file, with its URL variable and secret header', async () => {
    const r = await lena(home, [
      'mcp',
      'install',
      join(FIXTURES, 'registry/servers/tenant-remote.json'),
      '--arg',
      'tenant=acme',
      '--arg',
      'token=tok-5521',
      '--yes',
    ]);
    expect(r.code).toBe(0);
    expect(config().mcpServers['tenant-remote']).toEqual({
      type: 'http',
      url: 'https://acme.mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${secret:TENANT_REMOTE_TOKEN}', 'X-Region': 'eu' },
    });
    expect(r.stdout + r.stderr).not.toContain('tok-5521');
  });
});

describe('lena secrets', () => {
  it('resolves ${secret:NAME} from its store before the environment; remove takes it away', async () => {
    expect(
      (await lena(home, ['secrets', 'set', 'PROBE_TOKEN'], { input: 'from-store\n' })).code,
    ).toBe(0);
    const everything = join(
      FIXTURES,
      '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    );
    expect(existsSync(everything)).toBe(true);
    await lena(home, [
      'mcp',
      'add',
      'ev',
      '-e',
      'PROBE=${secret:PROBE_TOKEN}',
      '--',
      process.execPath,
      everything,
      'stdio',
    ]);
    const fromStore = await lena(home, ['mcp', 'call', 'ev', 'get-env', '{}'], {
      env: { PROBE_TOKEN: 'from-env' },
    });
    expect(fromStore.stdout).toContain('"PROBE": "from-store"');
    expect((await lena(home, ['secrets', 'remove', 'PROBE_TOKEN'])).code).toBe(0);
    const fromEnv = await lena(home, ['mcp', 'call', 'ev', 'get-env', '{}'], {
      env: { PROBE_TOKEN: 'from-env' },
    });
    expect(fromEnv.stdout).toContain('"PROBE": "from-env"');
  }, 60_000);
});
