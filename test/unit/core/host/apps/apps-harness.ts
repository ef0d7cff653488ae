// A real core host for the MCP Apps tests: a temporary home, the view binding of the end-to-end
// harness's layout, a folder for downloads, and a stored tool call to stand for a view's card.
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AppView } from '../../../../../shared/app-view-types';
import type { EventChannel } from '../../../../../shared/contract';
import type { ServerStatus } from '../../../../../shared/server-types';
import type { Host } from '../../../../../electron/core/host';
import type { ViewBinding } from '../../../../../electron/core/host/apps/views';
import { newHost, ROOT } from '../host-harness';

export { ROOT };
export const APPS_PEER = join(ROOT, 'test/fixtures/mcp/apps-peer.mjs');
export const exampleApp = (pkg: string) =>
  join(ROOT, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js');
export const APP_ORIGIN = 'http://127.0.0.1:4000';
export const binding: ViewBinding = {
  appOrigin: APP_ORIGIN,
  layout: 'path',
  origin: () => 'http://127.0.0.1:4001',
};

export interface AppsHost {
  host: Host;
  home: string;
  events: [EventChannel, unknown][];
  saved: { name: string; data: Buffer }[];
  call<T>(
    channel: string,
    args?: unknown,
  ): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
  value<T>(channel: string, args?: unknown): Promise<T>;
  /** Adds a stdio server and waits until its tools are listed. */
  addServer(name: string, args: string[], env?: Record<string, string>): Promise<ServerStatus>;
  /** A conversation with a stored tool call of `server`'s `tool`: the card a view lives on. */
  card(server: string, tool: string): Promise<{ conversationId: string; toolUseId: string }>;
  view(server: string, tool: string): Promise<AppView | null>;
}

export async function appsHost(options: { saveCancels?: boolean } = {}): Promise<AppsHost> {
  const saved: AppsHost['saved'] = [];
  const {
    host,
    home,
    dispatch,
    call: value,
  } = newHost('lena-apps-', {
    views: binding,
    saveFile: async (name, data) => {
      if (options.saveCancels) return null;
      saved.push({ name, data });
      return join(home, 'downloads', name);
    },
  });
  const events: [EventChannel, unknown][] = [];
  host.events.forward((e, p) => events.push([e, p]));
  const call = dispatch as AppsHost['call'];
  let n = 0;
  return {
    host,
    home,
    events,
    saved,
    call,
    value,
    async addServer(name, args, env = {}) {
      await value<ServerStatus>('servers:add', {
        name,
        entry: { command: process.execPath, args, env },
      });
      await expect
        .poll(async () => (await value<unknown[]>('servers:tools', { name })).length > 0, {
          message: `${name}'s tools`,
          timeout: 15_000,
        })
        .toBe(true);
      return value<ServerStatus[]>('servers:list').then((all) => all.find((s) => s.name === name)!);
    },
    async card(server, tool) {
      const rt = (await host.services()).runtime;
      const conversation = rt.conversations.store.create({ title: 'apps' });
      const message = rt.conversations.store.append(conversation.id, {
        role: 'assistant',
        content: [],
      });
      const toolUseId = `toolu_${++n}`;
      rt.conversations.store.upsertToolCall({
        id: toolUseId,
        conversationId: conversation.id,
        messageId: message.id,
        server,
        tool,
        qualifiedName: `mcp__${server}__${tool}`,
        input: {},
        status: 'done',
      });
      return { conversationId: conversation.id, toolUseId };
    },
    view: (server, tool) => value<AppView | null>('apps:view', { server, tool }),
  };
}
