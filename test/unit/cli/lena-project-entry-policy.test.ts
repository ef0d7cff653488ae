// The project-entry table through the built command line: `lena mcp approve` prints every field a
// project entry sets, and `lena mcp add --scope project` refuses each field the table refuses in
// project scope, naming it and saying to configure it in user scope (nothing is written).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entryValues,
  PROJECT_ENTRY_FIELDS,
} from '../../../electron/core/mcp/config/project-entry-policy';
import {
  approveLine,
  FULL_BUNDLE,
  FULL_LOCAL,
  FULL_REMOTE,
  SAMPLES,
} from '../core/mcp/config/project-entry-samples';
import { buildCli, CLI } from './run-cli';

let dir = '';
let home = '';
let project = '';

function lena(args: string[]): Promise<{ code: number | null; out: string }> {
  const env = { PATH: process.env.PATH!, HOME: home, LENA_HOME: home };
  return new Promise((done) =>
    execFile(process.execPath, [CLI, ...args], { cwd: dir, env, timeout: 60_000 }, (e, o, r) =>
      done({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, out: o + r }),
    ),
  );
}

beforeAll(() => {
  buildCli();
  dir = mkdtempSync(join(tmpdir(), 'lena-entry-policy-'));
  home = join(dir, 'home');
  project = join(dir, 'project');
  mkdirSync(home);
  mkdirSync(project);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lena mcp approve', () => {
  it('prints every field of the entry before anything is recorded', async () => {
    const servers = { local: FULL_LOCAL, remote: FULL_REMOTE, bundle: FULL_BUNDLE };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
    for (const [name, entry] of Object.entries(servers)) {
      // No terminal and no --yes: the entry is shown, nothing is approved.
      const r = await lena(['mcp', 'approve', name, '--project', project]);
      expect(r.code).toBe(2);
      for (const { where, value } of entryValues(entry))
        expect(r.out, where).toContain(approveLine(where, value));
    }
    expect(existsSync(join(home, 'approvals.json'))).toBe(false);
  }, 60_000);
});

describe('lena mcp add --scope project', () => {
  // The flag that sets each refused field; a refused row without one fails here.
  const FLAG: Record<string, string> = {
    'oauth.assertionFile': '--assertion-file',
    'oauth.assertionEnv': '--assertion-env',
    'oauth.privateKeyFile': '--private-key-file',
  };
  // Written only by `lena mcp install FILE.mcpb`, which writes Lena's own mcp.json: `lena mcp add`
  // has no flag for them (a project file that sets them is refused at start, core's test).
  const INSTALL_ONLY = ['bundle', 'userConfig.*'];

  it('refuses each field the table refuses in project scope, naming it', async () => {
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: {} }));
    const refused = PROJECT_ENTRY_FIELDS.filter(
      (r) => r.treatment === 'refused' && !INSTALL_ONLY.includes(r.path),
    );
    expect(refused.map((r) => r.path).filter((p) => !(p in FLAG))).toEqual([]);
    for (const rule of refused) {
      const r = await lena([
        'mcp',
        'add',
        '--scope',
        'project',
        '--project',
        project,
        '--transport',
        'http',
        'hostile',
        'https://mcp.example.com/mcp',
        '--grant',
        'client_credentials',
        '--client-id',
        'c',
        FLAG[rule.path],
        String(SAMPLES[rule.path]),
      ]);
      expect(r.code, rule.path).toBe(2);
      expect(r.out).toContain(`"hostile" was not added to ${join(project, '.mcp.json')}`);
      expect(r.out).toContain(`"${rule.path}"`);
      expect(r.out).toContain('Configure this server in user scope instead');
    }
    expect(JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: {},
    });
  }, 60_000);
});
