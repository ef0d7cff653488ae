import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../../shared/server-types';
import { EventLog } from '../../../../electron/core/desktop/event-log';

const status = (over: Partial<ServerStatus>): ServerStatus => ({
  name: 'fs',
  status: 'connecting',
  scope: 'user',
  file: '/h/mcp.json',
  shadowed: [],
  transport: 'stdio',
  entry: null,
  serverInfo: null,
  protocolVersion: null,
  instructions: null,
  toolCount: 0,
  resourceCount: 0,
  promptCount: 0,
  toolTokens: 0,
  error: null,
  issues: [],
  stderrTail: 'TOKEN=abc secret stderr',
  startedAt: null,
  connectMs: null,
  restarts: 0,
  trusted: false,
  suspended: null,
  approval: null,
  ...over,
});

describe('EventLog', () => {
  it('logs each server transition once, with what a reader needs and without stderr', () => {
    const log = new EventLog();
    const lines = [
      status({}),
      status({ toolCount: 3 }),
      status({
        status: 'connected',
        serverInfo: { name: 'filesystem', version: '1.0.0' },
        protocolVersion: '2025-11-25',
        toolCount: 14,
        connectMs: 180,
      }),
      status({ status: 'connected', toolCount: 15 }),
      status({
        status: 'failed',
        error: { code: 'server-exited', message: 'exited with code 1' },
        restarts: 1,
      }),
    ].map((s) => log.line('servers:status-changed', s));
    expect(lines.filter(Boolean).map((l) => `${l?.level} ${l?.message}`)).toEqual([
      'info fs (user, stdio) starting',
      'info fs (user, stdio) connected filesystem 1.0.0, protocol 2025-11-25, 14 tools, in 180 ms',
      'warn fs (user, stdio) failed (restart 1): exited with code 1',
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret stderr');
  });

  it('writes host errors and project switches, not debug chatter or other events', () => {
    const log = new EventLog();
    expect(
      log.line('app:logged', {
        time: 1,
        level: 'error',
        source: 'host',
        message: 'chat:send: boom',
      }),
    ).toEqual({ level: 'error', source: 'host', message: 'chat:send: boom' });
    expect(
      log.line('app:logged', { time: 1, level: 'debug', source: 'host', message: 'x' }),
    ).toBeUndefined();
    expect(log.line('project:changed', { folder: '/p', recent: [], mcpFile: null })?.message).toBe(
      'Project folder: /p',
    );
    expect(log.line('servers:tools-changed', { server: 'fs' })).toBeUndefined();
  });
});
