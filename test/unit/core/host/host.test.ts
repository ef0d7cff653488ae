// The window's contract end to end under plain Node: every call goes through dispatch with its
// schema, against a real MCP server and the scripted Messages API.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../shared/chat/events';
import type { PermissionRequestView } from '../../../../shared/permission-types';
import type { ServerStatus } from '../../../../shared/server-types';
import {
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
} from '../../../fixtures/messages-api';
import { MEMORY, newHost, startHost, tempHome } from './host-harness';

let api: MessagesApiServer | undefined;

afterEach(async () => {
  await api?.close();
});

describe('the host over the contract', () => {
  it('adds a server, asks before its write tool runs, and streams the turn as events', async () => {
    const home = tempHome('lena-host-');
    api = await startMessagesApiServer();
    const { host, call } = startHost(home, {
      env: { ANTHROPIC_API_KEY: 'sk-ant-host-test', ANTHROPIC_BASE_URL: api.url },
    });
    const events: [string, unknown][] = [];
    host.events.forward((e, p) => events.push([e, p]));

    expect(await call('servers:list')).toEqual([]);
    const added = await call<ServerStatus>('servers:add', {
      name: 'memory',
      entry: {
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') },
      },
    });
    expect(added).toMatchObject({
      name: 'memory',
      status: 'connected',
      scope: 'user',
      entry: { env: { MEMORY_FILE_PATH: '••••••' } },
    });
    expect(added.toolTokens).toBeGreaterThan(0);
    const connectedEvent = events
      .filter(
        ([e, p]) => e === 'servers:status-changed' && (p as ServerStatus).status === 'connected',
      )
      .at(-1)![1] as ServerStatus;
    expect(connectedEvent.toolTokens).toBe(added.toolTokens);
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers.memory.command).toBe(
      process.execPath,
    );
    const tools = await call<{ qualifiedName: string }[]>('servers:tools', { name: 'memory' });
    expect(tools.map((t) => t.qualifiedName)).toContain('mcp__memory__create_entities');

    expect(await call('settings:get')).toMatchObject({
      apiKeySet: true,
      secretStorage: { persistent: false },
    });
    const conv = await call<{ id: string }>('conversations:create');
    api.push(
      reply(
        text('Saving.'),
        toolUse(
          'mcp__memory__create_entities',
          { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] },
          'toolu_mem',
        ),
      ),
      reply(text('Saved Ada.')),
    );
    await call('chat:send', { conversationId: conv.id, text: 'Remember Ada likes tea' });
    await expect
      .poll(() => events.some(([e]) => e === 'asks:requested'), {
        message: 'the permission request',
        timeout: 15_000,
      })
      .toBe(true);
    const request = events.find(([e]) => e === 'asks:requested')![1] as PermissionRequestView;
    expect(request).toMatchObject({
      server: 'memory',
      tool: 'create_entities',
      hintsTrusted: false,
      queueLength: 1,
      position: 1,
    });
    expect(request.argumentsText).toContain('likes tea');
    expect(await call<PermissionRequestView[]>('asks:pending')).toHaveLength(1);
    await call('permissions:answer', { id: request.id, decision: 'allow-once' });
    await expect
      .poll(
        () =>
          events.some(
            ([e, p]) => e === 'chat:progressed' && (p as ChatEvent).type === 'turn-ended',
          ),
        { message: 'the end of the turn', timeout: 15_000 },
      )
      .toBe(true);

    const conversation = await call<{
      messages: { role: string }[];
      toolCalls: { status: string; decidedBy: string }[];
    }>('conversations:get', { id: conv.id });
    expect(conversation.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(conversation.toolCalls[0]).toMatchObject({
      status: 'done',
      decidedBy: 'asked: allowed once',
    });
    expect(readFileSync(join(home, 'mem.jsonl'), 'utf8')).toContain('likes tea');
    const chatTypes = events
      .filter(([e]) => e === 'chat:progressed')
      .map(([, p]) => (p as ChatEvent).type);
    expect(chatTypes).toContain('text-delta');
    expect(chatTypes).toContain('tool-call-updated');
    expect(events.some(([e]) => e === 'asks:resolved')).toBe(true);
  });

  it('never hands the API key to the window and keeps it out of exports', async () => {
    // Nothing listens at the base URL: the key is stored unchecked, without leaving the machine.
    const { call } = newHost('lena-host-', { env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } });
    expect(await call('settings:get')).toMatchObject({ apiKeySet: false });
    const view = await call<Record<string, unknown>>('settings:set-api-key', {
      key: 'sk-ant-secret-value-123',
    });
    expect(view.apiKeySet).toBe(true);
    expect(JSON.stringify(view)).not.toContain('sk-ant-secret-value-123');
    const conv = await call<{ id: string }>('conversations:create');
    const exported = await call<{ content: string }>('conversations:export', {
      id: conv.id,
      format: 'json',
    });
    expect(exported.content).not.toContain('sk-ant-secret-value-123');
  });

  it('reports bad arguments and unknown servers clearly', async () => {
    const { dispatch } = newHost('lena-host-');
    const bad = await dispatch('servers:add', { name: 'bad name!', entry: {} });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: expect.stringMatching(/letters, digits/) },
    });
    const missing = await dispatch('servers:restart', { name: 'ghost' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('switches project folders restarting only project servers, and starts one after approval', async () => {
    const home = tempHome('lena-host-');
    const project = join(home, 'proj');
    mkdirSync(project);
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          notes: {
            command: process.execPath,
            args: [MEMORY],
            env: { MEMORY_FILE_PATH: join(home, 'p.jsonl') },
          },
        },
      }),
    );
    const opened: (string | null)[] = [];
    const { host, call, dispatch } = startHost(home, {
      projects: { recent: () => ['/a', '/b'], opened: (f) => void opened.push(f) },
    });
    await call('servers:add', {
      name: 'mine',
      entry: {
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, 'u.jsonl') },
      },
    });
    const userSession = (await host.services()).runtime.manager.session('mine');
    const view = await call<{ folder: string; recent: string[]; mcpFile: string }>('project:open', {
      folder: project,
    });
    expect(view).toEqual({
      folder: project,
      recent: ['/a', '/b'],
      mcpFile: join(project, '.mcp.json'),
    });
    expect(opened).toEqual([project]);
    const list = await call<ServerStatus[]>('servers:list');
    const notes = list.find((s) => s.name === 'notes')!;
    expect(notes).toMatchObject({
      status: 'needs-approval',
      scope: 'project',
      approval: { command: process.execPath, envNames: ['MEMORY_FILE_PATH'] },
    });
    // The user server kept running through the switch.
    expect((await host.services()).runtime.manager.session('mine')).toBe(userSession);
    expect(list.find((s) => s.name === 'mine')?.status).toBe('connected');
    const approved = await call<ServerStatus>('servers:approve', {
      name: 'notes',
      approve: true,
      entryHash: notes.approval!.entryHash,
    });
    expect(approved.status).toBe('connected');
    const stale = await dispatch('servers:approve', {
      name: 'notes',
      approve: true,
      entryHash: 'not-the-hash',
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await call('project:open', { folder: null });
    expect((await call<ServerStatus[]>('servers:list')).map((s) => s.name)).toEqual(['mine']);
  });

  it('shows automatic updates only where the build can update itself, and stores the opt-in', async () => {
    const { home, call, dispatch, close } = newHost('lena-host-');
    expect(await call('settings:get')).toMatchObject({ autoUpdate: null });
    const refused = await dispatch('settings:update', { autoUpdate: true });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringMatching(/install Lena from a release/) },
    });
    await close();
    let stored = false;
    const again = startHost(home, {
      updates: { get: async () => stored, set: async (on) => void (stored = on) },
    });
    expect(await again.call('settings:update', { autoUpdate: true, maxRounds: 7 })).toMatchObject({
      autoUpdate: true,
      maxRounds: 7,
    });
    expect(stored).toBe(true);
  });

  it('stores the tool search settings (budget, always-loaded tools) and refuses a bad budget', async () => {
    const { home, call, dispatch } = newHost('lena-host-');
    expect(await call('settings:get')).toMatchObject({
      toolSearch: { budgetTokens: null, alwaysLoaded: [] },
    });
    const toolSearch = { budgetTokens: 30_000, alwaysLoaded: ['mcp__github__create_issue'] };
    expect(await call('settings:update', { toolSearch })).toMatchObject({ toolSearch });
    expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')).toolSearch).toEqual(
      toolSearch,
    );
    expect(
      await dispatch('settings:update', { toolSearch: { budgetTokens: -1, alwaysLoaded: [] } }),
    ).toMatchObject({ ok: false });
  });

  it('suspends trust when the entry changes and restores it with servers:confirm', async () => {
    const { home, call } = newHost('lena-host-');
    const entry = {
      command: process.execPath,
      args: [MEMORY],
      env: { MEMORY_FILE_PATH: join(home, 'm.jsonl') },
    };
    await call('servers:add', { name: 'mem', entry });
    expect(await call('servers:set-trusted', { name: 'mem', trusted: true })).toMatchObject({
      trusted: true,
      suspended: null,
    });
    const changed = await call<ServerStatus>('servers:update', {
      name: 'mem',
      entry: { ...entry, args: [MEMORY, '--changed'] },
    });
    expect(changed).toMatchObject({
      trusted: false,
      suspended: 'trust suspended: server entry changed',
    });
    expect(await call('servers:confirm', { name: 'mem' })).toMatchObject({
      trusted: true,
      suspended: null,
    });
  });

  it('tells the window at start-up that a corrupt database was moved aside and settings.json is broken', async () => {
    const home = tempHome('lena-host-');
    writeFileSync(
      join(home, 'lena.db'),
      'this is not a database at all, just some bytes '.repeat(100),
    );
    writeFileSync(join(home, 'settings.json'), '{ "model": "x", }');
    const { call } = startHost(home);
    const notices = await call<{ level: string; message: string }[]>('app:notices');
    expect(notices).toContainEqual({
      level: 'error',
      message: expect.stringMatching(/could not be read.*moved to .*lena\.db\.corrupt-/s),
    });
    expect(notices).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(/settings\.json.*line 1/),
    });
    expect(notices.filter((n) => /settings\.json/.test(n.message))).toHaveLength(1);
    expect(await call('conversations:list')).toEqual([]);
  });

  it('tells the window that a damaged file of Lena’s was kept aside, and adds the shell’s own notices', async () => {
    const home = tempHome('lena-host-');
    writeFileSync(join(home, 'pins.json'), '{"version": 1, "servers": {');
    writeFileSync(join(home, 'approvals.json'), '{"projects": ]');
    writeFileSync(join(home, 'sampling-usage.json'), '{"srv": {"requests": 3,');
    writeFileSync(join(home, 'view-contexts.json'), '{"contexts": [');
    writeFileSync(join(home, 'tasks.json'), '[{"key": "c/t", "server": "slow"');
    const shell = { level: 'warn' as const, message: 'window-state.json was moved aside' };
    const { call } = startHost(home, { notices: () => [shell] });
    const notices = await call<{ level: string; message: string }[]>('app:notices');
    const aside = readdirSync(home)
      .filter((f) => f.includes('.corrupt-'))
      .sort();
    expect(aside.map((f) => f.replace(/\.corrupt-.*$/, ''))).toEqual([
      'approvals.json',
      'pins.json',
      'sampling-usage.json',
      'tasks.json',
      'view-contexts.json',
    ]);
    expect(
      notices.filter((n) => n.level === 'warn' && /is not valid JSON .* moved to /.test(n.message)),
    ).toHaveLength(5);
    expect(notices).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(
        /tasks\.json is not valid JSON .* Tasks it listed are no longer followed\.$/,
      ),
    });
    expect(readFileSync(join(home, aside[3]), 'utf8')).toBe('[{"key": "c/t", "server": "slow"');
    expect(readFileSync(join(home, aside[1]), 'utf8')).toBe('{"version": 1, "servers": {');
    expect(notices).toContainEqual({
      level: 'warn',
      message: expect.stringContaining(
        `pins.json is not valid JSON (line 1, column 28: the file ends too early: a closing "}", "]" or quote is missing). It was moved to ${join(home, aside[1])}`,
      ),
    });
    expect(notices).toContainEqual({
      level: 'warn',
      message: expect.stringContaining(`moved to ${join(home, aside[0])}`),
    });
    expect(notices).toContainEqual(shell);
  });

  it('follows settings.json edited outside the window: new rules apply and the window hears of it', async () => {
    const { host, home, call } = newHost('lena-host-');
    const events: [string, unknown][] = [];
    host.events.forward((e, p) => events.push([e, p]));
    expect(await call('permissions:rules')).toEqual([]);
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({
        maxRounds: 9,
        permissions: { allow: [], ask: [], deny: ['mcp__fs__write_file'] },
      }),
    );
    await expect
      .poll(
        () =>
          events.some(
            ([e, p]) => e === 'settings:changed' && (p as { maxRounds: number }).maxRounds === 9,
          ),
        { message: 'the settings event', timeout: 15_000 },
      )
      .toBe(true);
    expect(await call('permissions:rules')).toEqual([
      expect.objectContaining({ list: 'deny', rule: 'mcp__fs__write_file', scope: 'user' }),
    ]);
  });
});
