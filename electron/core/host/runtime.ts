// Builds Lena's engine the same way for the window, `lena chat -p` and `lena mcp`: settings, secrets,
// the MCP manager feeding the tool registry, the permission gate (with a broker only where
// someone can answer), the conversation store, and the chat engine.
import { fileURLToPath } from 'node:url';
import type { AppNotice } from '../../../shared/app-types';
import type { ChatEvent } from '../../../shared/chat-types';
import { ToolSearchSupport } from '../chat/tool-search/support';
import { ChatEngine } from '../chat/engine';
import { SamplingUsage } from './sampling-usage';
import { ToolBudget } from '../chat/tool-budget';
import { ViewContexts } from '../chat/view-context';
import { chatSettingsOf, DEFAULT_CHAT_SETTINGS, type ChatSettings } from '../chat/chat-settings';
import type { LenaPaths } from '../home';
import type { ConfigSources } from '../mcp/config/loader';
import { McpManager, type ManagerOptions } from '../mcp/manager/manager';
import { defaultTransportFactory } from '../mcp/manager/transport-factory';
import { ToolRegistry } from '../mcp/registry/registry';
import { PermissionBroker } from '../permissions/broker';
import { BaselineStore } from '../permissions/baselines';
import { PinStore } from '../permissions/pins';
import { ProjectApprovals } from '../permissions/project-approval';
import { PermissionService } from '../permissions/service';
import type { ToolGate } from '../permissions/tool-gate';
import type { PermissionLists } from '../permissions/types';
import { openConversationStore, type OpenedConversationStore } from '../store/open-store';
import { API_KEY_SECRET, type SecretProvider } from '../store/secrets';
import { SettingsStore } from '../store/settings';
import { SettingsPermissionStore } from './settings-permission-store';
import { ServerStatusViews } from './views/server-status';
import { AuthRegistry } from '../mcp/auth/registry';
import type { SignInHost } from '../mcp/auth/provider';
import type { AuthStore } from '../mcp/auth/store';
import { FileAuthStore } from '../mcp/auth/token-files';
import { connectRegistry, managerExecutor, serverIdentity, toolGate } from './wiring';
import { ModelCatalog } from '../chat/models';
import type { FeaturePorts } from '../mcp/client-features/ports';
import type { CapsPort } from '../mcp/client-features/caps';
import { rootsFor, windowFeaturePorts, type Asker, type FeaturePortDeps } from './feature-ports';
import { QuestionBroker } from './question-broker';
import { InspectorLogs } from './views/protocol-log';
import { tapTransports } from './views/log-tap';
import { logText } from './log-messages';
import { signInAsker } from './sign-in-asker';
import { serverRecordKey } from './server-records';
import {
  moveLine,
  moveNameKeyedRecords,
  settingsRecords,
  userEntries,
  type RecordMove,
} from './identity-migration';

export interface RuntimeOptions {
  paths: LenaPaths;
  sources: ConfigSources;
  secrets: SecretProvider;
  /** The window can answer permission requests; the command line cannot. */
  interactive: boolean;
  cliRules?: Partial<PermissionLists>;
  /** The project's deny and ask rules (`<project>/.lena/settings.json`), read by the caller. */
  projectRules?: Partial<PermissionLists>;
  env?: NodeJS.ProcessEnv;
  loginShellPath?: boolean;
  /** Overrides from the environment or flags (ANTHROPIC_BASE_URL, --model). */
  chatOverrides?: Partial<ChatSettings>;
  emit: (event: ChatEvent) => void;
  brokerTimeoutMs?: number;
  manager?: Partial<ManagerOptions>;
  /** How OAuth sign-ins reach the user and where they are kept (default: oauth.json + `secrets`). */
  auth?: { host: SignInHost; store?: AuthStore };
  /**
   * What servers may ask of this front end: 'window' (roots, sampling, elicitation through the
   * question broker), the same over another asker (`lena chat --interactive`: terminal prompts),
   * or roots only by default.
   */
  features?: 'window' | { asker: Asker };
  /** The window: opens an address in the system browser (URL elicitation is offered only with it). */
  openExternal?: (url: string) => Promise<void>;
}

/** Without a way to open a browser, a 401 is "Sign in required" and Sign in explains why it cannot. */
const NO_BROWSER: SignInHost = {
  interactive: false,
  open: async (url) => {
    throw new Error(
      `Lena cannot open a browser here; open this URL to sign in: ${url.origin}${url.pathname}`,
    );
  },
};

export interface Runtime {
  settings: SettingsStore;
  manager: McpManager;
  /** OAuth providers of the remote servers (sign in, sign out, state). */
  auth: AuthRegistry;
  registry: ToolRegistry;
  permissions: PermissionService;
  /** The one gate every tool call passes (the model's, a view's, by hand, `lena mcp call`, a resumed task). */
  gate: ToolGate;
  broker: PermissionBroker | null;
  /** Sampling and elicitation questions (the window only). */
  questions: QuestionBroker | null;
  approvals: ProjectApprovals;
  pins: PinStore;
  /** Tokens each server's sampling requests used of the user's key (issue 17). */
  samplingUsage: SamplingUsage;
  conversations: OpenedConversationStore;
  engine: ChatEngine;
  budget: ToolBudget;
  /** MCP Apps: what tool views gave the model (ui/update-model-context). */
  viewContexts: ViewContexts;
  /** What start-up found that the user should know (database moved aside, broken settings…). */
  notices: AppNotice[];
  /** The servers as shown (the manager's state with trust, token cost and the approval request). */
  servers: ServerStatusViews;
  /** Every server's traffic, stderr and connection notes, for the Logs tab (host/views). */
  logs: InspectorLogs;
  chatSettings(): ChatSettings;
  /** The key of a server's own records (settings, sampling tally, pins, baseline): its identity (server-records.ts). */
  settingsKey(server: string): string;
  /** Records keyed by a bare name that start-up moved to their user server's identity key. */
  recordMoves: readonly RecordMove[];
  close(): Promise<void>;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { paths } = options;
  const env = options.env ?? process.env;
  const settings = await SettingsStore.open(paths.settings);
  const approvals = await ProjectApprovals.open(paths.approvals);
  const pins = await PinStore.open(paths.pins);
  const samplingUsage = await SamplingUsage.open(paths.samplingUsage);
  const baselines = await BaselineStore.open(paths.baselines);
  // Records an earlier version keyed by bare name move to the user entry of that name, once.
  const notices: AppNotice[] = [];
  const recordMoves: RecordMove[] = [];
  try {
    recordMoves.push(
      ...(await moveNameKeyedRecords(
        [
          settingsRecords(settings),
          { file: 'sampling-usage.json', ...recordsOf(samplingUsage) },
          { file: 'pins.json', ...recordsOf(pins) },
          { file: 'tool-baselines.json', ...recordsOf(baselines) },
        ],
        await userEntries(options.sources),
      )),
    );
  } catch (err) {
    notices.push({
      level: 'warn',
      message: `Lena could not move per-server records to their servers' identities (${(err as Error).message}); they stay under their names and the move is tried again at the next start.`,
    });
  }
  for (const move of recordMoves) {
    options.manager?.log?.('info', moveLine(move));
    notices.push({ level: 'info', message: moveLine(move) });
  }
  // The feature ports read the project folder and each server's scope from the manager, created below.
  const built: { manager?: McpManager; gate?: ToolGate } = {};
  const settingsKey = (server: string) => serverRecordKey(built.manager, server);
  const broker = options.interactive
    ? new PermissionBroker({ timeoutMs: options.brokerTimeoutMs })
    : null;
  const permissionStore = new SettingsPermissionStore(settings);
  const permissions = await PermissionService.create({
    store: permissionStore,
    pins,
    baselines,
    broker: broker ?? undefined,
    cliRules: options.cliRules,
    projectRules: options.projectRules,
    recordKey: settingsKey,
    // A relative path argument resolves against the server's one root (none or several: unknown).
    roots: (server) =>
      rootsFor(settingsKey(server), built.manager?.projectFolder ?? null, settings).map((root) =>
        fileURLToPath(root.uri),
      ),
  });
  const registry = new ToolRegistry({ disabledTools: disabledTools(settings, () => []) });
  // What start-up (and later reads: oauth.json is read at the first sign-in) found for the user.
  const fileNotice = (message: string) => void notices.push({ level: 'warn', message });
  const auth = new AuthRegistry({
    store:
      options.auth?.store ?? new FileAuthStore(paths.oauth, options.secrets, 'window', fileNotice),
    host: options.auth?.host ?? NO_BROWSER,
  });
  const models = new ModelCatalog();
  const apiKey = () => options.secrets.get(API_KEY_SECRET);
  const questions = options.features === 'window' ? new QuestionBroker() : null;
  const roots: NonNullable<FeaturePorts['roots']> = {
    roots: (server) =>
      rootsFor(settingsKey(server), built.manager?.projectFolder ?? null, settings),
  };
  const chatSettingsLate = () => chatSettings();
  // Redacted with what each server was given, as its stderr tail is (the session knows the values).
  const logs = new InspectorLogs({
    redact: (server, text) => built.manager?.session(server)?.redactOutput(text) ?? text,
  });
  // A server's sampling request passes the one gate (built with the manager, below) before anyone is asked.
  const samplingGate: FeaturePortDeps['gate'] = {
    admit: (request) => built.gate!.admit(request),
    identity: (server) => serverIdentity(built.manager!, server),
    note: (server, line) => logs.note(server, line),
  };
  // The limits on what a server asks hold whoever answers (window or terminal), "always" included.
  const caps: CapsPort = {
    limits: () => settings.current.askLimits,
    usedToday: (server) => samplingUsage.today(settingsKey(server)),
    note: (server, line) => logs.note(server, line),
  };
  const features: FeaturePorts =
    options.features === 'window'
      ? {
          ...windowFeaturePorts({
            broker: questions!,
            settings,
            project: () => built.manager?.projectFolder ?? null,
            chatSettings: chatSettingsLate,
            apiKey,
            models,
            openExternal: options.openExternal,
            usage: samplingUsage,
            settingsKey,
            gate: samplingGate,
          }),
          caps,
        }
      : options.features
        ? {
            ...windowFeaturePorts({
              broker: options.features.asker,
              settings,
              project: () => built.manager?.projectFolder ?? null,
              chatSettings: chatSettingsLate,
              apiKey,
              models,
              openExternal: options.openExternal,
              usage: samplingUsage,
              settingsKey,
              gate: samplingGate,
            }),
            caps,
          }
        : { roots };
  const manager = new McpManager({
    features,
    logLevel: (server) => settings.current.servers[settingsKey(server)]?.logLevel,
    sources: options.sources,
    auth,
    env,
    secrets: { get: (name) => options.secrets.get(name) },
    approvals: {
      isApproved: (dir, name, hash) => approvals.isApproved(dir, name, hash),
      grants: (dir, name, hash) => approvals.grants(dir, name, hash),
    },
    taskJournalFile: paths.tasks,
    onFileNotice: fileNotice,
    ...options.manager,
    // Lena's own notes about a server (an unknown response id, a late answer) join its log rows.
    onClientLog: (server, entry) => {
      if (entry.source === 'client') logs.note(server, logText(entry.data));
    },
    // Whatever factory is used (the desktop's guarded one, a test's), its transports are tapped.
    createTransport: tapTransports(
      options.manager?.createTransport ??
        defaultTransportFactory({ loginShellPath: options.loginShellPath }),
      logs,
    ),
  });
  built.manager = manager;
  // Tool switches follow each configured server's own settings, so they are read again when the servers change.
  const configuredNames = () => manager.statuses().map((st) => st.name);
  const syncSwitches = () =>
    registry.setDisabledTools(disabledTools(settings, configuredNames, settingsKey));
  syncSwitches();
  settings.onChange(syncSwitches);
  const unswitch = manager.onStatus(syncSwitches);
  const servers = new ServerStatusViews({ manager, registry, permissions, approvals });
  const unconnect = connectRegistry(manager, registry);
  // A server's tokens were lost mid-session (refresh refused): reconnect, so it shows "Sign in required".
  auth.onChange((change) => {
    if (change.state === 'required') void manager.restart(change.server).catch(() => undefined);
  });
  // Records written before identity v2 follow today's entries on the first start (one at a time:
  // each is a read-modify-write of settings.json). Only entries whose old identity matches.
  let rebinding: Promise<unknown> = Promise.resolve();
  const unrebind = manager.onStatus((status) => {
    rebinding = rebinding
      .then(() => permissions.rebindLegacyIdentities([serverIdentity(manager, status.name)]))
      .catch(() => undefined);
  });
  const conversations = openConversationStore(paths.database);
  const chatSettings = (): ChatSettings => {
    const chat = chatSettingsOf(settings.current);
    return {
      ...DEFAULT_CHAT_SETTINGS,
      ...chat,
      baseUrl: chat.baseUrl ?? env.ANTHROPIC_BASE_URL ?? null,
      ...options.chatOverrides,
      ...(options.chatOverrides?.model ? { modelFixed: true } : {}),
    };
  };
  const budget = new ToolBudget({ registry, settings: chatSettings, apiKey });
  const viewContexts = await ViewContexts.open(paths.viewContexts);
  // The window asks for a sign-in a model's tool call needs in the conversation; the CLI says to log in.
  const gate = toolGate(
    manager,
    permissions,
    questions ? signInAsker({ broker: questions, auth, manager }) : undefined,
  );
  built.gate = gate;
  const engine = new ChatEngine({
    viewContexts,
    store: conversations.store,
    registry,
    tools: managerExecutor(manager),
    permissions,
    gate,
    settings: chatSettings,
    apiKey,
    models,
    emit: options.emit,
    // An endpoint's refusal of Anthropic's tool search outlives a restart (reset by model or age).
    toolSearch: new ToolSearchSupport({ file: paths.toolSearch }),
  });
  notices.unshift(
    ...(conversations.notice ? [{ level: 'error' as const, message: conversations.notice }] : []),
    ...(conversations.recovered.messages > 0
      ? [
          {
            level: 'info' as const,
            message: `${conversations.recovered.messages} answer(s) interrupted when Lena last stopped were kept and marked incomplete.`,
          },
        ]
      : []),
    // The rule store repeats settings.json's issues; each is said once.
    ...[...new Set([...settings.issues, ...permissionStore.warnings])].map((message) => ({
      level: 'warn' as const,
      message,
    })),
    // Lena's own files found damaged: moved aside, said once here.
    ...[
      ...pins.warnings,
      ...approvals.warnings,
      ...baselines.warnings,
      ...samplingUsage.warnings,
      ...viewContexts.warnings,
    ].map((message) => ({ level: 'warn' as const, message })),
    ...settings.migrationNotices.map((message) => ({ level: 'info' as const, message })),
  );
  return {
    settings,
    manager,
    auth,
    notices,
    servers,
    logs,
    registry,
    permissions,
    gate,
    broker,
    questions,
    approvals,
    pins,
    samplingUsage,
    conversations,
    engine,
    budget,
    viewContexts,
    chatSettings,
    settingsKey,
    recordMoves,
    async close() {
      broker?.cancelAll('Lena is quitting');
      questions?.cancelAll();
      await engine.shutdown();
      unconnect();
      unrebind();
      unswitch();
      await manager.shutdown();
      await rebinding;
      // Pins of a last listing, a baseline sealed by a last request: on disk before close returns.
      await Promise.all([pins.settled(), approvals.settled(), baselines.settled()]);
      conversations.close();
      await viewContexts.settled();
    },
  };
}

/** A store of per-server records as the start-up move sees it. */
function recordsOf(store: {
  serverKeys(): string[];
  moveServer(from: string, to: string): Promise<boolean>;
}) {
  return { keys: () => store.serverKeys(), move: store.moveServer.bind(store) };
}

/** Qualified names of the tools the user switched off: each configured server's, read under its own settings key. */
function disabledTools(
  settings: SettingsStore,
  servers: () => string[],
  keyOf: (server: string) => string = (s) => s,
): string[] {
  return servers().flatMap((server) =>
    (settings.current.servers[keyOf(server)]?.disabledTools ?? []).map((t) =>
      t.startsWith('mcp__') ? t : `mcp__${server}__${t}`,
    ),
  );
}
