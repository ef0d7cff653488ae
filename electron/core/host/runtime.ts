// Builds Lena's engine the same way for the window and for `lena chat -p`: settings, secrets,
// the MCP manager feeding the tool registry, the permission gate (with a broker only where
// someone can answer), the conversation store, and the chat engine.
import { join } from 'node:path';
import type { AppNotice } from '../../../shared/app-types';
import type { ChatEvent } from '../../../shared/chat-types';
import { ChatEngine } from '../chat/engine';
import { ToolBudget } from '../chat/tool-budget';
import { chatSettingsOf, DEFAULT_CHAT_SETTINGS, type ChatSettings } from '../chat/chat-settings';
import type { LenaPaths } from '../home';
import type { ConfigSources } from '../mcp/config/loader';
import { McpManager, type ManagerOptions } from '../mcp/manager/manager';
import { defaultTransportFactory } from '../mcp/manager/transport-factory';
import { ToolRegistry } from '../mcp/registry/registry';
import { PermissionBroker } from '../permissions/broker';
import { PinStore } from '../permissions/pins';
import { ProjectApprovals } from '../permissions/project-approval';
import { PermissionService } from '../permissions/service';
import type { PermissionLists } from '../permissions/types';
import { openConversationStore, type OpenedConversationStore } from '../store/open-store';
import { API_KEY_SECRET, type SecretProvider } from '../store/secrets';
import { SettingsStore } from '../store/settings';
import { SettingsPermissionStore } from '../store/settings-permission-store';
import { connectRegistry, managerExecutor } from './wiring';

export interface RuntimeOptions {
  paths: LenaPaths;
  sources: ConfigSources;
  secrets: SecretProvider;
  /** The window can answer permission requests; the command line cannot. */
  interactive: boolean;
  cliRules?: Partial<PermissionLists>;
  env?: NodeJS.ProcessEnv;
  loginShellPath?: boolean;
  /** Overrides from the environment or flags (ANTHROPIC_BASE_URL, --model). */
  chatOverrides?: Partial<ChatSettings>;
  emit: (event: ChatEvent) => void;
  brokerTimeoutMs?: number;
  manager?: Partial<ManagerOptions>;
}

export interface Runtime {
  settings: SettingsStore;
  manager: McpManager;
  registry: ToolRegistry;
  permissions: PermissionService;
  broker: PermissionBroker | null;
  approvals: ProjectApprovals;
  pins: PinStore;
  conversations: OpenedConversationStore;
  engine: ChatEngine;
  budget: ToolBudget;
  /** What start-up found that the user should know (database moved aside, broken settings…). */
  notices: AppNotice[];
  chatSettings(): ChatSettings;
  close(): Promise<void>;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { paths } = options;
  const env = options.env ?? process.env;
  const settings = await SettingsStore.open(paths.settings);
  const approvals = await ProjectApprovals.open(join(paths.home, 'approvals.json'));
  const pins = await PinStore.open(join(paths.home, 'pins.json'));
  const broker = options.interactive ? new PermissionBroker({ timeoutMs: options.brokerTimeoutMs }) : null;
  const permissionStore = new SettingsPermissionStore(settings);
  const permissions = await PermissionService.create({
    store: permissionStore,
    pins,
    broker: broker ?? undefined,
    cliRules: options.cliRules,
  });
  const registry = new ToolRegistry({ disabledTools: disabledTools(settings) });
  settings.onChange(() => registry.setDisabledTools(disabledTools(settings)));
  const manager = new McpManager({
    sources: options.sources,
    createTransport: defaultTransportFactory({ loginShellPath: options.loginShellPath }),
    env,
    secrets: { get: (name) => options.secrets.get(name) },
    approvals: { isApproved: (dir, name, hash) => approvals.isApproved(dir, name, hash) },
    ...options.manager,
  });
  const unconnect = connectRegistry(manager, registry);
  const conversations = openConversationStore(paths.database);
  const chatSettings = (): ChatSettings => {
    const chat = chatSettingsOf(settings.current);
    return { ...DEFAULT_CHAT_SETTINGS, ...chat, baseUrl: chat.baseUrl ?? env.ANTHROPIC_BASE_URL ?? null, ...options.chatOverrides, ...(options.chatOverrides?.model ? { modelFixed: true } : {}) };
  };
  const apiKey = () => options.secrets.get(API_KEY_SECRET);
  const budget = new ToolBudget({ registry, settings: chatSettings, apiKey });
  const engine = new ChatEngine({
    store: conversations.store,
    registry,
    tools: managerExecutor(manager),
    permissions,
    settings: chatSettings,
    apiKey,
    emit: options.emit,
  });
  const notices: AppNotice[] = [
    ...(conversations.notice ? [{ level: 'error' as const, message: conversations.notice }] : []),
    ...(conversations.recovered.messages > 0
      ? [{ level: 'info' as const, message: `${conversations.recovered.messages} answer(s) interrupted when Lena last stopped were kept and marked incomplete.` }]
      : []),
    // The rule store repeats settings.json's issues; each is said once.
    ...[...new Set([...settings.issues, ...permissionStore.warnings])].map((message) => ({ level: 'warn' as const, message })),
    ...settings.migrationNotices.map((message) => ({ level: 'info' as const, message })),
  ];
  return {
    settings,
    manager,
    notices,
    registry,
    permissions,
    broker,
    approvals,
    pins,
    conversations,
    engine,
    budget,
    chatSettings,
    async close() {
      broker?.cancelAll('Lena is quitting');
      await engine.shutdown();
      unconnect();
      await manager.shutdown();
      conversations.close();
    },
  };
}

/** Qualified names of the tools the user switched off, from settings.json. */
function disabledTools(settings: SettingsStore): string[] {
  return Object.entries(settings.current.servers).flatMap(([server, s]) => (s.disabledTools ?? []).map((t) => (t.startsWith('mcp__') ? t : `mcp__${server}__${t}`)));
}
