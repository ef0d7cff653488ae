// Wires the real chat engine for tests: a temp Lena home, the SQLite store, real MCP servers
// through the manager, the registry, the permission service with a broker, and the scripted
// Messages API server (the only stand-in) as the SDK's baseURL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatEvent } from '../../../../shared/chat/events';
import { ChatEngine } from '../../../../electron/core/chat/engine';
import {
  DEFAULT_CHAT_SETTINGS,
  type ChatSettings,
} from '../../../../electron/core/chat/chat-settings';
import { connectRegistry, managerExecutor, toolGate } from '../../../../electron/core/host/wiring';
import { McpManager } from '../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../electron/core/mcp/manager/transport-factory';
import { ToolRegistry } from '../../../../electron/core/mcp/registry/registry';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { PinStore } from '../../../../electron/core/permissions/pins';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import type { PermissionState } from '../../../../electron/core/permissions/types';
import { openConversationStore } from '../../../../electron/core/store/open-store';
import {
  startMessagesApiServer,
  type MessagesApiServer,
  type MessagesApiServerOptions,
} from '../../../fixtures/messages-api';

export interface ChatHarness {
  home: string;
  api: MessagesApiServer;
  engine: ChatEngine;
  manager: McpManager;
  registry: ToolRegistry;
  broker: AskBroker;
  permissions: PermissionService;
  store: ReturnType<typeof openConversationStore>['store'];
  events: ChatEvent[];
  settings: ChatSettings;
  /** `keepHome`: Lena quits but its home stays, for a second harness over it (a restart). */
  close(opts?: { keepHome?: boolean }): Promise<void>;
}

export interface HarnessOptions {
  servers?: Record<string, unknown>;
  permissions?: Partial<PermissionState>;
  settings?: Partial<ChatSettings>;
  brokerTimeoutMs?: number;
  apiKey?: string | undefined;
  /** Options of the scripted Messages API (extra models, size limit). */
  api?: MessagesApiServerOptions;
  /** Engine options beyond the defaults (server tools, held-tool filter). */
  engine?: Partial<ConstructorParameters<typeof ChatEngine>[0]>;
  /** An existing home (a restart of Lena over the same files); a fresh temp folder by default. */
  home?: string;
}

export async function chatHarness(options: HarnessOptions = {}): Promise<ChatHarness> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'lena-chat-'));
  const userFile = join(home, 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: options.servers ?? {} }));
  const api = await startMessagesApiServer(options.api);
  const manager = new McpManager({
    sources: { userFile },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH, HOME: home },
    taskJournalFile: join(home, 'tasks.json'),
  });
  const registry = new ToolRegistry();
  const unconnect = connectRegistry(manager, registry);
  await manager.start();
  const broker = new AskBroker({ timeoutMs: options.brokerTimeoutMs ?? 30_000 });
  const permissions = await PermissionService.create({
    store: new MemoryPermissionStore({ ...defaultPermissionState(), ...options.permissions }),
    pins: await PinStore.open(),
    broker,
  });
  const opened = openConversationStore(join(home, 'lena.db'));
  const events: ChatEvent[] = [];
  const settings: ChatSettings = {
    ...DEFAULT_CHAT_SETTINGS,
    baseUrl: api.url,
    maxRetries: 2,
    ...options.settings,
  };
  const engine = new ChatEngine({
    store: opened.store,
    registry,
    tools: managerExecutor(manager),
    permissions,
    gate: toolGate(manager, permissions),
    settings: () => settings,
    apiKey: async () => ('apiKey' in options ? options.apiKey : 'sk-ant-test-key'),
    emit: (e) => events.push(e),
    serverWaitMs: 2000,
    ...options.engine,
  });
  return {
    home,
    api,
    engine,
    manager,
    registry,
    broker,
    permissions,
    store: opened.store,
    events,
    settings,
    async close(opts) {
      await engine.shutdown();
      unconnect();
      await manager.shutdown();
      opened.close();
      await api.close();
      if (!opts?.keepHome) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Answers every permission request with `decision` as it arrives. */
export function autoAnswer(
  h: ChatHarness,
  decision: 'allow-once' | 'deny',
  reason?: string,
): () => void {
  return h.broker.on('requested', (req) => h.broker.answer(req.id, { kind: decision, reason }));
}
