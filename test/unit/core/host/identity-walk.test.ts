// Every per-server record in a real home is keyed by (or bound to) the server's identity. A home is
// filled through the handlers the window calls (user and project servers: switches, folders,
// sampling "always", log level, trust with its baseline and pins, a sign-in, an approval, a rule
// Lena writes, a sampling tally), then every file of it is walked. A file the walk does not know
// fails the test: a new per-server file must say here how its records are keyed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInIdentity } from '../../../../electron/core/mcp/auth/store';
import { isServerKey } from '../../../../electron/core/mcp/config/identity';
import { serverIdentity } from '../../../../electron/core/host/wiring';
import { EnvSecretProvider } from '../../../../electron/core/store/secrets';
import type { ServerStatus } from '../../../../shared/server-types';
import { startOAuthServer } from '../../../fixtures/mcp-http/oauth-server';
import { MEMORY, startHost, tempHome } from './host-harness';

/** Servers start as child processes: on a loaded machine that takes seconds. */
const STARTING = { timeout: 15_000 };

type Json = Record<string, unknown>;
const IDENTITY = /^id2:[0-9a-f]{64}$/;

/** How each file of Lena's home keeps per-server records: the keys (or bound identities) it holds. */
const PER_SERVER: Record<string, (file: Json) => string[]> = {
  'settings.json': (f) => [
    ...Object.keys(f.servers as Json),
    ...Object.values(f.trusted as Record<string, { identity: string }>).map((t) => t.identity),
    ...(f.permissions as { allow: { identity?: string }[] }).allow.flatMap((r) =>
      r.identity === undefined ? [] : [r.identity],
    ),
  ],
  'pins.json': (f) => Object.keys(f.servers as Json),
  'tool-baselines.json': (f) => Object.keys(f.servers as Json),
  'sampling-usage.json': (f) => Object.keys(f),
  // `clients` are per authorization server (issuer), not per MCP server.
  'oauth.json': (f) =>
    Object.values(f.servers as Record<string, { server: string }>).map((m) =>
      signInIdentity(m.server),
    ),
  // Per project folder, per name, bound to the hash of the whole entry approved.
  'approvals.json': (f) =>
    Object.values(f.projects as Record<string, Record<string, { entryHash: string }>>).flatMap(
      (servers) => Object.values(servers).map((a) => a.entryHash),
    ),
};
/** Files that hold nothing per server (or, like mcp.json, the entries themselves). */
const NOT_PER_SERVER = new Set(['mcp.json', 'lena.db', 'lena.db-wal', 'lena.db-shm']);
const isKnown = (file: string) =>
  Object.hasOwn(PER_SERVER, file) || NOT_PER_SERVER.has(file) || file.startsWith('logs/');

describe('the identity walk of a real home', () => {
  it('finds every per-server record keyed by an identity, in files it knows', async () => {
    const oauth = await startOAuthServer();
    try {
      const home = tempHome('lena-identity-walk-');
      const project = tempHome('lena-identity-walk-project-');
      const memory = (file: string) => ({
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, file) },
      });
      writeFileSync(
        join(home, 'mcp.json'),
        JSON.stringify({
          mcpServers: { notes: memory('n.jsonl'), docs: { type: 'http', url: oauth.url } },
        }),
      );
      writeFileSync(
        join(project, '.mcp.json'),
        JSON.stringify({ mcpServers: { notes: memory('p.jsonl'), proj: memory('q.jsonl') } }),
      );
      const h = startHost(home, {
        secrets: new EnvSecretProvider({}),
        openExternal: async (url) => void (await (await fetch(url, { redirect: 'follow' })).text()),
      });
      const status = async (name: string) =>
        (await h.call<ServerStatus[]>('servers:list')).find((s) => s.name === name);
      await expect.poll(async () => (await status('notes'))?.status, STARTING).toBe('connected');
      await h.call('servers:set-trusted', { name: 'notes', trusted: true });
      await h.call('servers:set-asks', { name: 'notes', roots: [home], sampling: 'always' });
      await h.call('servers:set-log-level', { name: 'notes', level: 'debug' });
      await h.call('servers:set-tool-enabled', {
        server: 'notes',
        tool: 'delete_entities',
        enabled: false,
      });
      await expect
        .poll(async () => (await status('docs'))?.signIn?.state, STARTING)
        .toBe('required');
      await h.call('servers:sign-in', { name: 'docs' });
      const runtime = (await h.host.services()).runtime;
      await runtime.permissions.addRule('allow', {
        rule: 'mcp__notes__read_graph',
        identity: serverIdentity(runtime.manager, 'notes').hash,
        server: 'notes',
        tool: 'read_graph',
      });
      await runtime.samplingUsage.add(runtime.settingsKey('notes'), { input_tokens: 12 });

      // The project: its own `notes` (shadowing the user's) and `proj`, approved and set up.
      await h.call('project:open', { folder: project });
      for (const name of ['notes', 'proj']) {
        await expect
          .poll(async () => (await status(name))?.status, STARTING)
          .toBe('needs-approval');
        await h.call('servers:approve', {
          name,
          approve: true,
          entryHash: (await status(name))!.approval!.entryHash,
        });
      }
      await expect.poll(async () => (await status('proj'))?.status, STARTING).toBe('connected');
      await h.call('servers:set-asks', { name: 'proj', roots: [project], sampling: 'always' });
      await h.call('servers:set-tool-enabled', {
        server: 'proj',
        tool: 'read_graph',
        enabled: false,
      });
      await runtime.samplingUsage.add(runtime.settingsKey('proj'), { input_tokens: 3 });
      const projKey = runtime.settingsKey('proj');
      await h.close();

      const files = readdirSync(home, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name).slice(home.length + 1));
      expect(files.filter((f) => !isKnown(f))).toEqual([]);
      const found: Record<string, string[]> = {};
      for (const file of files.filter((f) => Object.hasOwn(PER_SERVER, f))) {
        found[file] = PER_SERVER[file](JSON.parse(readFileSync(join(home, file), 'utf8')) as Json);
        const notIdentities = found[file].filter(
          (k) => !isServerKey(k) && !IDENTITY.test(k) && !/^[0-9a-f]{64}$/.test(k),
        );
        expect(notIdentities, file).toEqual([]);
      }
      // Each kind of record was written, so the walk saw something in every file it checks.
      expect(Object.keys(found).sort()).toEqual(Object.keys(PER_SERVER).sort());
      for (const [file, k] of Object.entries(found)) expect(k.length, file).toBeGreaterThan(0);
      expect(found['settings.json']).toEqual(
        expect.arrayContaining([expect.stringMatching(/^notes@user:/), projKey]),
      );
      expect(found['settings.json'].filter((k) => k.startsWith('notes@project:'))).toEqual([]);
      expect(found['oauth.json']).toEqual([expect.stringMatching(/^docs@user:[0-9a-f]{16}$/)]);
      expect(found['approvals.json']).toHaveLength(2);
    } finally {
      await oauth.close();
    }
  });
});
