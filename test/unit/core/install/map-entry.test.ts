// server.json → entry, table-driven over the hand-written registry fixtures: one row per package
// type and remote, with the values a user gives, and the exact entry, secrets and command line
// Lena saves. Secrets appear only as ${secret:NAME} references in the entry and the command line.
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../fixtures/registry/stand-in';
import { buildEntry, installOptions } from '../../../../electron/core/install/map-entry';
import { parseServerJson, type ServerJson } from '../../../../electron/core/install/server-json';
import { missingRunner } from '../../../../electron/core/install/runners';

const fixtures = new Map(
  loadFixtures().map((f) => [f.server.name.split('/')[1], f.server as unknown as ServerJson]),
);
const server = (short: string): ServerJson => fixtures.get(short)!;

const ROWS: {
  name: string;
  server: string;
  option: string;
  values: Record<string, string | string[]>;
  entry: Record<string, unknown>;
  secrets?: Record<string, string>;
  commandLine: string;
}[] = [
  {
    name: 'npm: npx -y PACKAGE@VERSION, an optional filepath env var',
    server: 'memory',
    option: 'package:0',
    values: { 'env:MEMORY_FILE_PATH': '/tmp/graph.json' },
    entry: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
      env: { MEMORY_FILE_PATH: '/tmp/graph.json' },
    },
    commandLine:
      'MEMORY_FILE_PATH=/tmp/graph.json npx -y @modelcontextprotocol/server-memory@2026.8.31',
  },
  {
    name: 'npm: a fixed positional argument; an unset optional env var is left out',
    server: 'everything',
    option: 'package:0',
    values: {},
    entry: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
    },
    commandLine: 'npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
  },
  {
    name: 'pypi: uvx runtime args, PACKAGE==VERSION, a named choice with its default, a secret env var',
    server: 'weather',
    option: 'package:0',
    values: { 'env:WEATHER_API_KEY': 'owm-123' },
    entry: {
      command: 'uvx',
      args: ['--python', '3.12', 'weather-mcp==0.3.1', '--units', 'metric'],
      env: { WEATHER_API_KEY: '${secret:WEATHER_WEATHER_API_KEY}' },
    },
    secrets: { WEATHER_WEATHER_API_KEY: 'owm-123' },
    commandLine:
      'WEATHER_API_KEY=${secret:WEATHER_WEATHER_API_KEY} uvx --python 3.12 weather-mcp==0.3.1 --units metric',
  },
  {
    name: 'oci: docker run -i --rm, a {variable} in a runtime arg, -e NAME per env var, a repeated positional',
    server: 'postgres',
    option: 'package:0',
    values: {
      'var:host_dir': '/home/me/data',
      'arg:schema': ['public', 'sales'],
      'env:DATABASE_URL': 'postgres://u:p@db/app',
    },
    entry: {
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--mount',
        'type=bind,src=/home/me/data,dst=/data',
        '-e',
        'DATABASE_URL',
        '-e',
        'LOG_LEVEL',
        'docker.io/acme/postgres-mcp:1.4.0',
        'public',
        'sales',
      ],
      env: { DATABASE_URL: '${secret:POSTGRES_DATABASE_URL}', LOG_LEVEL: 'info' },
    },
    secrets: { POSTGRES_DATABASE_URL: 'postgres://u:p@db/app' },
    commandLine:
      'DATABASE_URL=${secret:POSTGRES_DATABASE_URL} LOG_LEVEL=info docker run -i --rm --mount type=bind,src=/home/me/data,dst=/data -e DATABASE_URL -e LOG_LEVEL docker.io/acme/postgres-mcp:1.4.0 public sales',
  },
  {
    name: 'nuget: dnx PACKAGE@VERSION --yes --, a filepath positional, an unset optional flag left out',
    server: 'dotnet-tools',
    option: 'package:0',
    values: { 'arg:solution': '/src/My App.sln' },
    entry: { command: 'dnx', args: ['Acme.Mcp.Tools@2.0.0', '--yes', '--', '/src/My App.sln'] },
    commandLine: "dnx Acme.Mcp.Tools@2.0.0 --yes -- '/src/My App.sln'",
  },
  {
    name: 'remote: streamable-http → http, a URL template, a secret inside a header, a header default',
    server: 'tenant-remote',
    option: 'remote:0',
    values: { 'var:tenant': 'acme', 'var:token': 'tok-9' },
    entry: {
      type: 'http',
      url: 'https://acme.mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${secret:TENANT_REMOTE_TOKEN}', 'X-Region': 'eu' },
    },
    secrets: { TENANT_REMOTE_TOKEN: 'tok-9' },
    commandLine:
      "http https://acme.mcp.example.com/mcp -H 'Authorization: Bearer ${secret:TENANT_REMOTE_TOKEN}' -H 'X-Region: eu'",
  },
  {
    name: 'remote: sse stays sse',
    server: 'tenant-remote',
    option: 'remote:1',
    values: { 'var:tenant': 'acme' },
    entry: { type: 'sse', url: 'https://sse.example.com/acme/sse' },
    commandLine: 'sse https://sse.example.com/acme/sse',
  },
];

describe('server.json → entry', () => {
  for (const row of ROWS)
    it(row.name, () => {
      const built = buildEntry(server(row.server), row.option, row.values);
      expect(built.entry).toEqual(row.entry);
      expect(Object.fromEntries(built.secrets.map((s) => [s.name, s.value]))).toEqual(
        row.secrets ?? {},
      );
      expect(built.missing).toEqual([]);
      expect(built.commandLine).toBe(row.commandLine);
      for (const secret of built.secrets) {
        expect(JSON.stringify(built.entry)).not.toContain(secret.value);
        expect(built.commandLine).not.toContain(secret.value);
      }
    });

  it('lists the fields each option needs, with what the form shows', () => {
    const [weather] = installOptions(server('weather'));
    expect(weather.fields.map((f) => [f.key, f.required, f.secret, f.default, f.choices])).toEqual([
      ['arg:--units', false, false, 'metric', ['metric', 'imperial']],
      ['env:WEATHER_API_KEY', true, true, undefined, undefined],
    ]);
    const remote = installOptions(server('tenant-remote'))[0];
    expect(remote.fields.map((f) => f.key)).toEqual(['var:tenant', 'var:token', 'header:X-Region']);
    const dotnet = installOptions(server('dotnet-tools'))[0];
    expect(dotnet.fields.find((f) => f.key === 'arg:solution')?.format).toBe('filepath');
  });

  it('says which required fields are still missing', () => {
    const built = buildEntry(server('weather'), 'package:0', {});
    expect(built.missing.map((f) => f.key)).toEqual(['env:WEATHER_API_KEY']);
    expect(built.entry.env).toBeUndefined();
  });

  it('lists an mcpb package as installable from its file, with no entry of its own', () => {
    const [bundle] = installOptions(server('bundle'));
    expect(bundle.kind).toBe('mcpb');
    expect(bundle.unsupported).toBeUndefined();
    expect(() => buildEntry(server('bundle'), 'package:0', {})).toThrow(
      /installs from its file: Lena downloads it, checks its SHA-256/,
    );
  });

  it('keeps shell metacharacters as one argument (nothing goes through a shell)', () => {
    const built = buildEntry(server('dotnet-tools'), 'package:0', {
      'arg:solution': 'x; rm -rf ~',
    });
    expect(built.entry.args).toEqual(['Acme.Mcp.Tools@2.0.0', '--yes', '--', 'x; rm -rf ~']);
    expect(built.commandLine).toBe("dnx Acme.Mcp.Tools@2.0.0 --yes -- 'x; rm -rf ~'");
  });

  it('says when a runner is not on PATH, and where it comes from', () => {
    expect(missingRunner({ runner: 'uvx' }, '/nonexistent')).toMatch(
      /`uvx` was not found on PATH.*uv/,
    );
    expect(missingRunner({ runner: 'npx' }, process.env.PATH)).toBeUndefined();
    expect(missingRunner({}, '/nonexistent')).toBeUndefined();
  });

  it('reads a server.json file, or says what is wrong with it', () => {
    expect(parseServerJson('{"name":"a/b","version":"1"}')).toMatchObject({ ok: true });
    expect(parseServerJson('{"version":"1"}')).toMatchObject({ ok: false, reason: /name/ });
    expect(parseServerJson('{nope')).toMatchObject({ ok: false, reason: /not JSON/ });
  });
});
