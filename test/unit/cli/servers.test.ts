// How servers start from the command line: the environment they get (proxies, CA bundles,
// locale), credentials in proxy URLs never shown, failures that say what is wrong with the
// command, a stderr tail that keeps the line naming the error, and the CLI's own log.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchIdentity } from '../../../electron/core/mcp/config/identity';
import { buildCli, FIXTURES, lena, SERVERS, tempHome } from './cli-harness';

let home: string;
const EVERYTHING = join(SERVERS, 'server-everything/dist/index.js');
const configFile = (name: string, servers: Record<string, unknown>) => {
  const file = join(home, `${name}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
};

beforeAll(() => {
  buildCli();
  home = tempHome('lena-servers-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('passes proxies, CA bundles, LANG, LC_* and TMPDIR to a server, and never shows a proxy password', async () => {
  const file = configFile('env', {
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
  });
  const env = {
    HTTPS_PROXY: 'http://ada:hunter2-proxy-pw@proxy.corp:3128',
    no_proxy: 'localhost,127.0.0.1',
    NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
    SSL_CERT_DIR: '/etc/ssl/certs',
    REQUESTS_CA_BUNDLE: '/etc/corp-ca.pem',
    LANG: 'de_DE.UTF-8',
    LC_ALL: 'de_DE.UTF-8',
    TMPDIR: home,
    NPM_TOKEN: 'npm_secret_value',
  };
  const r = await lena(home, ['mcp', 'call', 'everything', 'get-env', '--config', file], { env });
  expect(r.code).toBe(0);
  for (const [name, value] of Object.entries(env)) {
    if (name === 'HTTPS_PROXY' || name === 'NPM_TOKEN') continue;
    expect(r.stdout, name).toContain(`"${name}": "${value}"`);
  }
  expect(r.stdout).toContain('"HTTPS_PROXY": "http://ada:•••@proxy.corp:3128"');
  expect(r.stdout).not.toContain('hunter2');
  expect(r.stdout).not.toContain('NPM_TOKEN');
  const log = readFileSync(join(home, 'logs', 'cli.log'), 'utf8');
  expect(log).toMatch(/\[cli\] lena mcp call \(pid \d+\)/);
  expect(log).not.toContain('hunter2');
});

it('says a missing absolute command does not exist, and a directory is not a program', async () => {
  const file = configFile('bad-commands', {
    missing: { command: join(home, 'bin', 'no-such-server') },
    folder: { command: home },
  });
  const r = (await lena(home, ['mcp', 'doctor', '--config', file, '--json'])).json();
  const by = Object.fromEntries(r.servers.map((s: { name: string }) => [s.name, s]));
  expect(by.missing.error).toMatch(
    new RegExp(`\`${join(home, 'bin', 'no-such-server')}\` does not exist`),
  );
  expect(by.missing.error).not.toMatch(/PATH/);
  expect(by.missing.error.match(/Fix "command"/g)).toHaveLength(1); // what to do, said once
  expect(by.folder.error).toMatch(/is a directory, not a program/);
});

it('keeps the first error line in the stderr tail after pages of noise', async () => {
  const noisy =
    "console.error('Error: cannot open /etc/widget.toml'); for (let i = 0; i < 4000; i++) console.error('  retrying widget connection attempt ' + i); setTimeout(() => process.exit(3), 500)";
  const file = configFile('noisy', { noisy: { command: process.execPath, args: ['-e', noisy] } });
  const r = (await lena(home, ['mcp', 'doctor', '--config', file, '--json'])).json();
  const tail = r.servers[0].stderrTail as string;
  expect(tail.split('\n')[0]).toBe('Error: cannot open /etc/widget.toml');
  expect(tail).toContain('attempt 3999');
});

it('counts in words: "1 tool from 1 server"', async () => {
  const file = configFile('one', {
    peer: { command: process.execPath, args: [join(FIXTURES, 'mcp/hidden-text-peer.mjs')] },
  });
  const r = await lena(home, ['mcp', 'doctor', '--config', file]);
  expect(r.stdout.trimEnd().split('\n').pop()).toBe('1 tool from 1 server');
  expect(r.stdout).toMatch(/connected .* · 1 tool · /);
  expect(existsSync(join(home, 'processes.json'))).toBe(true);
});

it('doctor shows the trust and token cost the window shows (one runtime, not a manager of its own)', async () => {
  const entry = { command: process.execPath, args: [join(FIXTURES, 'mcp/hidden-text-peer.mjs')] };
  const file = configFile('trusted', { peer: entry, other: entry });
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ trusted: { peer: { identity: launchIdentity(entry) } } }),
  );
  try {
    const r = (await lena(home, ['mcp', 'doctor', '--config', file, '--json'])).json();
    const by = Object.fromEntries(r.servers.map((s: { name: string }) => [s.name, s]));
    expect(by.peer).toMatchObject({
      status: 'connected',
      trusted: true,
      toolTokens: expect.any(Number),
    });
    expect(by.peer.toolTokens).toBeGreaterThan(0);
    expect(by.other.trusted).toBe(false);
  } finally {
    rmSync(join(home, 'settings.json'), { force: true });
  }
});
