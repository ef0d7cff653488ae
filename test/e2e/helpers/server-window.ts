// A window on a fresh Lena home with the given servers (mcp.json), settings (settings.json) and
// the scripted Messages API already set through the environment: for tests about one server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMessagesApiServer, type MessagesApiServer } from '../../fixtures/messages-api';
import type { OpenAppOptions } from '../harness';
import { openWindow, type WindowSession } from './session';

export interface ServerWindow {
  app: WindowSession;
  api: MessagesApiServer;
  home: string;
  dispose(): Promise<void>;
}

export async function openServerWindow(options: {
  name: string;
  servers?: Record<string, unknown>;
  settings?: unknown;
  window?: Partial<OpenAppOptions>;
}): Promise<ServerWindow> {
  const home = mkdtempSync(join(tmpdir(), `lena-e2e-${options.name}-`));
  if (options.servers)
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: options.servers }));
  if (options.settings)
    writeFileSync(join(home, 'settings.json'), JSON.stringify(options.settings));
  const api = await startMessagesApiServer();
  const app = await openWindow({
    ...options.window,
    home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      ANTHROPIC_API_KEY: `sk-ant-e2e-${options.name}`,
      ANTHROPIC_BASE_URL: api.url,
    },
  });
  return {
    app,
    api,
    home,
    async dispose() {
      await app.dispose();
      await api.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
