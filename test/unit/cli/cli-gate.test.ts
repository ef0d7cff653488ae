// RELIABILITY security 35 and 36: the command line's gate, attacked through the built `lena`: a
// deny rule (Lena's settings or the project's .lena/settings.json) refuses `lena mcp call` and the
// model's calls in `lena chat --project`; a broken project settings file stops every command
// before the project's server starts; a plain-http base URL to a host that is not this machine's
// loopback never gets the key.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, FIXTURES, lena, type CliRun } from './cli-harness';

const SCRIPTED = join(FIXTURES, 'mcp/scripted-server.mjs');
let dir: string;
let home: string;
let project: string;
let marker: string;
let api: MessagesApiServer;

const run = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
  lena(home, args, {
    cwd: dir,
    env: { ANTHROPIC_API_KEY: 'sk-ant-cli-gate-key', ANTHROPIC_BASE_URL: api.url, ...env },
  });
const projectSettings = (text: string) => {
  mkdirSync(join(project, '.lena'), { recursive: true });
  writeFileSync(join(project, '.lena', 'settings.json'), text);
};
const userSettings = (value: unknown) =>
  writeFileSync(join(home, 'settings.json'), JSON.stringify(value));

beforeAll(async () => {
  buildCli();
  dir = mkdtempSync(join(tmpdir(), 'lena-cli-gate-'));
  home = join(dir, 'home');
  project = join(dir, 'repo');
  // In the project: its server runs there, in a sandbox that writes only there.
  marker = join(project, 'ev-started');
  mkdirSync(home);
  mkdirSync(project);
  api = await startMessagesApiServer();
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: { uev: { command: process.execPath, args: [SCRIPTED, 'plain'] } },
    }),
  );
  // The project's server says when it was spawned, then serves the scripted tools (echo…).
  const spawnNote = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); import(${JSON.stringify(pathToFileURL(SCRIPTED).href)})`;
  writeFileSync(
    join(project, '.mcp.json'),
    JSON.stringify({ mcpServers: { ev: { command: process.execPath, args: ['-e', spawnNote] } } }),
  );
  const approved = await run(['mcp', 'approve', 'ev', '--project', project, '--yes']);
  expect(approved.code, approved.stderr).toBe(0);
});
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the command line gate', () => {
  it('lena mcp call refuses a tool a deny rule covers, naming the rule; an ask rule does not stop it', async () => {
    projectSettings(JSON.stringify({ permissions: { deny: ['mcp__ev__*'] } }));
    const byProject = await run([
      'mcp',
      'call',
      'ev',
      'echo',
      '{"text":"from-project-call"}',
      '--project',
      project,
    ]);
    expect(byProject.code).toBe(7);
    expect(byProject.stderr).toContain(
      'mcp__ev__echo was denied by the rule deny mcp__ev__* (project)',
    );
    expect(byProject.stderr).toContain('.lena/settings.json sets it');
    expect(byProject.stdout).not.toContain('from-project-call');
    const json = await run([
      'mcp',
      'call',
      'ev',
      'echo',
      '{"text":"x"}',
      '--project',
      project,
      '--json',
    ]);
    expect(json.code).toBe(7);
    expect(json.json().error).toMatchObject({
      code: 'tool-denied',
      decidedBy: 'rule deny mcp__ev__* (project)',
    });
    rmSync(join(project, '.lena'), { recursive: true, force: true });

    // Lena's own settings.json: the same refusal, and its ask rules count as answered by the command.
    userSettings({ permissions: { deny: ['mcp__uev__echo'] } });
    const byUser = await run(['mcp', 'call', 'uev', 'echo', '{"text":"from-user-call"}']);
    expect(byUser.code).toBe(7);
    expect(byUser.stderr).toContain(
      "mcp__uev__echo was denied by the rule deny mcp__uev__echo (user); remove that rule in Lena's settings",
    );
    expect(byUser.stdout).not.toContain('from-user-call');
    userSettings({ permissions: { ask: ['mcp__uev__echo'] } });
    const asked = await run(['mcp', 'call', 'uev', 'echo', '{"text":"asked-call"}']);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toContain('asked-call');
    rmSync(join(home, 'settings.json'));
  });

  it("lena chat --project applies the project's deny rules over an --allow flag", async () => {
    projectSettings(JSON.stringify({ permissions: { deny: ['mcp__ev__*'] } }));
    api.push(
      reply(toolUse('mcp__ev__echo', { text: 'model-call' }, 'toolu_gate')),
      reply(text('Done.')),
    );
    const r = await run([
      'chat',
      '-p',
      'echo something',
      '--project',
      project,
      '--allow',
      'mcp__ev__echo',
    ]);
    rmSync(join(project, '.lena'), { recursive: true, force: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('⊘ mcp__ev__echo denied: rule deny mcp__ev__* (project)');
    const [result] = toolResultsOf(api.messageRequests().at(-1)!);
    expect(toolResultText(result.content)).toContain(
      'mcp__ev__echo was denied by the rule deny mcp__ev__* (project)',
    );
    expect(toolResultText(result.content)).not.toContain('model-call');
  });

  it('a broken .lena/settings.json stops call, chat and doctor with file:line:column (exit 3); its server never starts', async () => {
    projectSettings('{\n  "permissions": { "deny": ["mcp__ev__*"] \n');
    rmSync(marker, { force: true });
    const where = `${join(project, '.lena', 'settings.json')}:3:1`;
    for (const args of [
      ['mcp', 'call', 'ev', 'echo', '{"text":"x"}', '--project', project],
      ['chat', '-p', 'hello', '--project', project],
      ['mcp', 'doctor', '--project', project],
    ]) {
      const r = await run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(where);
      expect(r.stderr).toContain("none of the project's servers start");
    }
    const json = await run(['mcp', 'doctor', '--project', project, '--json']);
    expect(json.code).toBe(3);
    expect(json.json().error).toMatchObject({
      code: 'config',
      errors: [{ file: join(project, '.lena', 'settings.json'), line: 3, column: 1 }],
    });
    expect(existsSync(marker)).toBe(false);
    rmSync(join(project, '.lena'), { recursive: true, force: true });
  });

  it('lena chat refuses a plain-http base URL to a non-loopback host, from the flag or the variable, before the key is sent', async () => {
    // 0.0.0.0 is not a loopback name under the rule, yet Linux delivers it to this machine's
    // listener: were the key sent, the scripted API would record it.
    const port = new URL(api.url).port;
    const before = api.requests.length;
    const flag = await run(['chat', '-p', 'hello', '--base-url', `http://0.0.0.0:${port}`]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('plain http is allowed only for this machine');
    const variable = await run(['chat', '-p', 'hello', '--json'], {
      ANTHROPIC_BASE_URL: `http://0.0.0.0:${port}`,
    });
    expect(variable.code).toBe(3);
    expect(variable.json().error.message).toContain(
      `ANTHROPIC_BASE_URL=http://0.0.0.0:${port}: plain http is allowed only for this machine`,
    );
    expect(api.requests.length).toBe(before);
    // Loopback http (a local proxy) still works.
    api.push(reply(text('Over loopback.')));
    const loopback = await run(['chat', '-p', 'hello', '--base-url', api.url]);
    expect(loopback.code, loopback.stderr).toBe(0);
    expect(loopback.stdout).toBe('Over loopback.\n');
  });
});
