// `lena mcp doctor --json` reports the protocol each server speaks: 2026-07-28 for a server built
// with the official SDK v2, 2025-11-25 for a 2025 reference server, and what an entry pins. The
// built command line, in a temporary LENA_HOME, with `--config FILE` as the only configuration.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
const PEER = join(ROOT, 'test/fixtures/mcp-v2/peer.mjs');
let home: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-cli-eras-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('lena mcp doctor and protocol eras', () => {
  it('reports servers[].protocolVersion per server: the best each offers, or the pin', () => {
    const file = join(home, 'mcp.json');
    const memory = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          modern: { command: process.execPath, args: [PEER, 'stdio', 'reject'] },
          dual: { command: process.execPath, args: [PEER, 'stdio', 'serve'] },
          pinned: {
            command: process.execPath,
            args: [PEER, 'stdio', 'serve'],
            protocol: '2025-11-25',
          },
          memory: {
            command: process.execPath,
            args: [memory],
            env: { MEMORY_FILE_PATH: join(home, 'm.jsonl') },
          },
        },
      }),
    );
    const r = spawnSync(process.execPath, [CLI, 'mcp', 'doctor', '--config', file, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
    });
    expect(r.status, r.stderr).toBe(0);
    const by = Object.fromEntries(
      (
        JSON.parse(r.stdout) as {
          servers: { name: string; status: string; protocolVersion: string }[];
        }
      ).servers.map((s) => [s.name, s]),
    );
    expect(by.modern).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(by.dual).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(by.pinned).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect(by.memory).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
  });

  it('refuses a pin Lena does not speak, naming the choices', () => {
    const file = join(home, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          odd: { command: process.execPath, args: [PEER, 'stdio'], protocol: '2024-01-01' },
        },
      }),
    );
    const r = spawnSync(process.execPath, [CLI, 'mcp', 'doctor', '--config', file, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH!, HOME: home, LENA_HOME: home },
    });
    const [odd] = (JSON.parse(r.stdout) as { servers: { status: string; error: string }[] })
      .servers;
    expect(odd.status).toBe('failed');
    expect(odd.error).toMatch(/"protocol" must be "2026-07-28" or "2025-11-25".*got "2024-01-01"/);
  });
});
