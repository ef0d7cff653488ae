// Production applies a project's rules through the tested reader, and a broken
// `<project>/.lena/settings.json` fails closed (issue 13): the user is told which file and where,
// the project's servers do not start, and every call asks, until the file is fixed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppNotice } from '../../../../shared/app-types';
import type { ServerStatus } from '../../../../shared/server-types';
import { PROJECT_UNREADABLE } from '../../../../electron/core/permissions/gate';
import { call as toolCall } from '../permissions/requests';
import { MEMORY, startHost, tempHome } from './host-harness';

describe("the open project's settings file", () => {
  it('when broken: a notice with file and position, no project servers, every call asks; fixed: all back', async () => {
    const home = tempHome('lena-host-project-');
    const project = join(home, 'project');
    mkdirSync(join(project, '.lena'), { recursive: true });
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [MEMORY] } } }),
    );
    const settingsFile = join(project, '.lena', 'settings.json');
    writeFileSync(settingsFile, '{ "permissions": { "deny": ["mcp__memory"] }');
    const { host, call } = startHost(home, { projectFolder: project });

    const notices = await call<AppNotice[]>('app:notices');
    expect(notices).toContainEqual({
      level: 'error',
      message: expect.stringMatching(
        /settings\.json: invalid JSON at line 1, column \d+.*servers do not start/,
      ),
    });
    expect(notices.find((n) => n.level === 'error')!.message).toContain(settingsFile);
    expect((await call<ServerStatus[]>('servers:list')).map((s) => s.name)).toEqual([]);
    const services = await host.services();
    // Even a tool the user allowed for every server asks while the project's deny rules are unknown.
    await services.runtime.permissions.addRule('allow', { rule: 'mcp__fs' });
    expect(services.runtime.permissions.evaluate(toolCall('write')).decidedBy).toBe(
      PROJECT_UNREADABLE,
    );

    writeFileSync(
      settingsFile,
      JSON.stringify({ permissions: { deny: ['mcp__memory__delete_entities'] } }),
    );
    await expect
      .poll(async () => (await call<ServerStatus[]>('servers:list')).map((s) => s.name), {
        timeout: 15_000,
      })
      .toEqual(['memory']);
    expect(services.project.problem()).toBeNull();
    expect(services.runtime.permissions.evaluate(toolCall('write')).outcome).toBe('allow');
    expect(
      services.runtime.permissions.evaluate(
        toolCall('delete_entities', { identity: { name: 'memory', hash: 'x' } }),
      ).decidedBy,
    ).toMatch(/deny mcp__memory__delete_entities \(project\)/);
    expect((await call<AppNotice[]>('app:notices')).some((n) => n.level === 'error')).toBe(false);
  });
});
