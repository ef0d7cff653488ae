// The one composition of Lena's engine, for the window, `lena chat` and `lena mcp`: the parts in
// dependency order (stores, the manager, the gate over it, the ports that need both, the chat
// engine), then the services over them, then event forwarding. Nothing refers to a part built
// later: what the manager's sessions need from parts built over the manager (feature ports, the
// log tap) it takes through attach(), before its first start.
import { fileURLToPath } from 'node:url';
import type { AppNotice } from '../../../shared/app-types';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { ChatEngine } from '../chat/engine';
import { chatSettingsOf, DEFAULT_CHAT_SETTINGS, type ChatSettings } from '../chat/chat-settings';
import { ModelCatalog } from '../chat/models';
import { skillCatalogOf } from '../chat/skill-catalog';
import { recordSampling } from '../chat/meter';
import { ToolBudget } from '../chat/tool-budget';
import { ToolSearchSupport } from '../chat/tool-search/support';
import { ViewContexts } from '../chat/view-context';
import type { LenaPaths } from '../home';
import { AuthRegistry } from '../mcp/auth/registry';
import { FileAuthStore } from '../mcp/auth/token-files';
import type { CapsPort } from '../mcp/client-features/ports';
import type { FeaturePorts } from '../mcp/client-features/ports';
import { McpManager } from '../mcp/manager/manager';
import { withPreinstalled } from './services/preinstall';
import { defaultTransportFactory } from '../mcp/manager/transport-factory';
import { ToolRegistry } from '../mcp/registry/registry';
import { BaselineStore } from '../permissions/baselines';
import { AskBroker } from '../permissions/broker';
import { agentDelegates } from './agent-delegates';
import { DelegationJournal } from '../agents/journal';
import { PinStore } from '../permissions/pins';
import { ProjectApprovals } from '../permissions/project-approval';
import { PermissionService } from '../permissions/service';
import { skillsForHome, type SkillsService } from '../skills/service';
import { serverSkillSources } from './server-skill-sources';
import { openConversationStore } from '../store/open-store';
import { ProjectPrefsStore } from '../store/project-prefs';
import { API_KEY_SECRET } from '../store/secrets';
import { SettingsStore } from '../store/settings';
import { rootsFor, windowFeaturePorts } from './feature-ports';
import { logText } from './log-messages';
import {
  disabledTools,
  moveRecords,
  NO_BROWSER,
  recordsOf,
  startupNotices,
  type Runtime,
  type RuntimeOptions,
} from './runtime';
import { settingsRecords } from './identity-migration';
import { keptLine, ServerRecords, signInsByIdentity } from './record-moves';
import { SamplingUsage } from './sampling-usage';
import { serverRecordKey } from './server-records';
import { sandboxSummary } from './views/sandbox-view';
import { AsksService } from './services/asks';
import { ChatService } from './services/chat';
import { ServersService } from './services/servers';
import { SettingsPermissionStore } from './settings-permission-store';
import { signInAsker } from './sign-in-asker';
import { tapTransports } from './views/log-tap';
import { InspectorLogs } from './views/protocol-log';
import { ServerStatusViews } from './views/server-status';
import { connectRegistry, managerExecutor, serverIdentity, toolGate } from './wiring';
import { rotateEchoedAnywhere, rotateIfArgumentsEcho } from '../chat/conversation-boundary';

// Long: the parts in dependency order, each built once from those above it; read top to bottom.
export async function composeRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { paths } = options;
  const env = options.env ?? process.env;
  // Lena's own files, then the records an earlier version keyed by bare name moved once.
  const settings = await SettingsStore.open(paths.settings);
  const approvals = await ProjectApprovals.open(paths.approvals);
  const pins = await PinStore.open(paths.pins);
  const samplingUsage = await SamplingUsage.open(paths.samplingUsage);
  const baselines = await BaselineStore.open(paths.baselines);
  const notices: AppNotice[] = [];
  // What start-up (and later reads: oauth.json is read at the first sign-in) found for the user.
  const fileNotice = (message: string) => void notices.push({ level: 'warn', message });
  const authStore =
    options.auth?.store ?? new FileAuthStore(paths.oauth, options.secrets, 'window', fileNotice);
  const recordMoves = await moveRecords(
    { settings, samplingUsage, pins, baselines, auth: authStore },
    options.sources,
    { env, secrets: options.secrets },
    notices,
    options.manager?.log,
  );
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
  const apiKey = () => options.secrets.get(API_KEY_SECRET);
  const models = new ModelCatalog();
  const auth = new AuthRegistry({ store: authStore, host: options.auth?.host ?? NO_BROWSER });

  // The servers: configuration, sessions, restarts. Its sessions' ports are attached below.
  // A pre-installed npx/uvx entry (its identity's record) starts offline from the runner's cache.
  const managerRef: { current?: McpManager } = {};
  const preinstalled = (name: string) =>
    settings.current.servers[serverRecordKey(managerRef.current, name)]?.preinstalled?.at ?? null;
  const transports = withPreinstalled(
    options.manager?.createTransport ??
      defaultTransportFactory({
        loginShellPath: options.loginShellPath,
        shutdownGraceMs: options.shutdownGraceMs,
        endInBackground: options.endInBackground,
      }),
    preinstalled,
  );
  const manager = new McpManager({
    sources: options.sources,
    auth,
    env,
    secrets: { get: (name) => options.secrets.get(name) },
    approvals: {
      isApproved: (dir, name, hash) => approvals.isApproved(dir, name, hash),
      grants: (dir, name, hash) => approvals.grants(dir, name, hash),
      sandboxOff: (dir, name, hash) => approvals.sandboxOff(dir, name, hash),
    },
    taskJournalFile: paths.tasks,
    extensionsDir: paths.extensions,
    onFileNotice: fileNotice,
    ...options.manager,
    createTransport: transports,
  });
  managerRef.current = manager;
  // A server's own records are keyed by its identity as the manager has it configured.
  const settingsKey = (server: string) => serverRecordKey(manager, server);
  // Redacted with what each server was given, as its stderr tail is (the session knows the values).
  const logs = new InspectorLogs({
    redact: (server, text) => manager.session(server)?.redactOutput(text) ?? text,
  });

  // The gate: rules and trust, then the one broker that asks the user (only where someone can
  // answer): tool permissions where the front end is interactive, server questions in the window.
  const asks =
    options.interactive || options.features === 'window'
      ? new AskBroker({ timeoutMs: options.brokerTimeoutMs })
      : null;
  const questions = options.features === 'window' ? asks : null;
  const permissionStore = new SettingsPermissionStore(settings);
  const permissions = await PermissionService.create({
    store: permissionStore,
    pins,
    baselines,
    broker: options.interactive ? (asks ?? undefined) : undefined,
    cliRules: options.cliRules,
    projectRules: options.projectRules,
    recordKey: settingsKey,
    // A relative path argument resolves against the server's one root (none or several: unknown).
    roots: (server) =>
      rootsFor(settingsKey(server), manager.projectFolder ?? null, settings).map((root) =>
        fileURLToPath(root.uri),
      ),
    sandbox: (server) => sandboxSummary(manager, server),
  });
  // The conversations, opened before the gate: a conversation's own tool switches are checked in it.
  const conversations = openConversationStore(paths.database);
  // What leaves Lena for a server outside a turn never carries a live untrusted-data boundary.
  const boundaries = {
    viewArguments: (conversationId: string, args: unknown) =>
      void rotateIfArgumentsEcho(conversations.store, options.emit, conversationId, args),
    answer: (value: unknown) => void rotateEchoedAnywhere(conversations.store, options.emit, value),
  };
  const switches = (conversationId: string) => {
    try {
      return conversations.store.summary(conversationId).tools ?? null;
    } catch (err) {
      // A call outside any conversation (the servers page, `lena mcp call`).
      if (err instanceof LenaError && err.code === ERROR_CODE.notFound) return null;
      throw err;
    }
  };
  // The window asks for a sign-in a model's tool call needs in the conversation; the CLI says to log in.
  const gate = toolGate(
    manager,
    permissions,
    questions ? signInAsker({ broker: questions, auth, manager }) : undefined,
    switches,
  );

  // What servers may ask of this front end, over the gate and each server's records.
  const asker = options.features === 'window' ? questions : options.features?.asker;
  // The limits on what a server asks hold whoever answers (window or terminal), "always" included.
  const caps: CapsPort = {
    limits: () => settings.current.askLimits,
    usedToday: (server) => samplingUsage.today(settingsKey(server)),
    note: (server, line) => logs.note(server, line),
  };
  const features: FeaturePorts = asker
    ? {
        ...windowFeaturePorts({
          broker: asker,
          settings,
          project: () => manager.projectFolder ?? null,
          chatSettings,
          apiKey,
          models,
          openExternal: options.openExternal,
          usage: samplingUsage,
          // What a sampling request cost joins the meter of the conversation whose call caused it.
          spent: (conversationId, model, usage) => {
            const conversation = recordSampling(conversations.store, conversationId, {
              model,
              usage,
              prices: chatSettings().prices,
            });
            if (conversation) options.emit({ type: 'conversation-updated', conversation });
          },
          settingsKey,
          outgoing: boundaries.answer,
          // A server's sampling request passes the one gate before anyone is asked.
          gate: {
            admit: (request) => gate.admit(request),
            identity: (server) => serverIdentity(manager, server),
            note: (server, line) => logs.note(server, line),
            soleConversation: (server) => gate.soleConversation(serverIdentity(manager, server)),
          },
        }),
        caps,
      }
    : {
        roots: {
          roots: (server) => rootsFor(settingsKey(server), manager.projectFolder ?? null, settings),
        },
      };
  manager.attach({
    features,
    logLevel: (server) => settings.current.servers[settingsKey(server)]?.logLevel,
    // Lena's own notes about a server (an unknown response id, a late answer) join its log rows.
    onClientLog: (server, entry) => {
      if (entry.source === 'client') logs.note(server, logText(entry.data));
    },
    // Whatever factory is used (the desktop's guarded one, a test's), its transports are tapped.
    createTransport: tapTransports(transports, logs),
  });

  // The tools: the registry follows the connected servers and each server's own tool switches.
  const registry = new ToolRegistry({ disabledTools: [] });
  const configuredNames = () => manager.statuses().map((st) => st.name);
  const syncSwitches = () =>
    registry.setDisabledTools(disabledTools(settings, configuredNames, settingsKey));
  syncSwitches();
  settings.onChange(syncSwitches);
  const unswitch = manager.onStatus(syncSwitches);
  const unconnect = connectRegistry(manager, registry);
  // An entry edited through Lena takes its records along; one edited outside Lena leaves them, said once.
  const records = new ServerRecords({
    stores: async () => [
      settingsRecords(settings),
      { file: 'sampling-usage.json', ...recordsOf(samplingUsage) },
      { file: 'pins.json', ...recordsOf(pins) },
      { file: 'tool-baselines.json', ...recordsOf(baselines) },
      await signInsByIdentity(authStore),
    ],
    keyOf: settingsKey,
    onKept: (kept) => {
      options.manager?.log?.('warn', keptLine(kept));
      notices.push({ level: 'warn', message: keptLine(kept) });
    },
  });
  const unrecord = manager.onStatus((status) => void records.seen(status.name).catch(() => {}));
  const servers = new ServerStatusViews({
    manager,
    registry,
    permissions,
    approvals,
    records,
    preinstalled,
  });
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

  // The chat: the tool budget (with the skills catalog), what views told the model, the engine.
  const viewContexts = await ViewContexts.open(paths.viewContexts);
  // Skills: the user's folders and the open project's (each project skill waits for approval).
  const skills = skillsForHome(
    paths,
    () => manager.projectFolder,
    env,
    () => settings.current.skillFolders,
    () => serverSkillSources(manager),
  );
  // A2A agents: one tool each; their questions go where servers' questions go.
  const agents = agentDelegates({
    file: paths.agents,
    env,
    secrets: { get: (name) => options.secrets.get(name) },
    limits: () => settings.current.agentLimits,
    filesDir: paths.delegationFiles,
    asker,
    auth: { store: authStore, host: options.auth?.host ?? NO_BROWSER },
    ...(options.features === 'window'
      ? { journal: await DelegationJournal.open(paths.delegations) }
      : {}),
  });
  const budget = new ToolBudget({
    registry,
    settings: chatSettings,
    apiKey,
    skillCatalog: (off) => skillCatalogOf(skills, off),
  });
  const projectPrefs = new ProjectPrefsStore(paths.projects, fileNotice);
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
    ...(options.serverWaitMs !== undefined ? { serverWaitMs: options.serverWaitMs } : {}),
    // An endpoint's refusal of Anthropic's tool search outlives a restart (reset by model or age).
    toolSearch: new ToolSearchSupport({ file: paths.toolSearch }),
    skills,
    project: (folder) => (folder ? projectPrefs.get(folder) : undefined),
    agents,
  });
  notices.unshift(
    ...startupNotices({
      conversations,
      settings,
      ruleWarnings: permissionStore.warnings,
      damaged: [pins, approvals, baselines, samplingUsage, viewContexts],
    }),
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
    asks,
    approvals,
    pins,
    samplingUsage,
    conversations,
    engine,
    budget,
    viewContexts,
    skills,
    projectPrefs,
    agents: agents.service,
    boundaries,
    chatSettings,
    settingsKey,
    recordMoves,
    records,
    async close() {
      asks?.cancelAll('Lena is quitting');
      await engine.shutdown();
      unconnect();
      unrebind();
      unswitch();
      unrecord();
      await manager.shutdown();
      await rebinding;
      // Pins of a last listing, a baseline sealed by a last request: on disk before close returns.
      await Promise.all([
        pins.settled(),
        approvals.settled(),
        baselines.settled(),
        agents.journal?.settled(),
      ]);
      conversations.close();
      await viewContexts.settled();
    },
  };
}

/** The services the command line uses: the same classes the window's handlers call. */
export function commandServices(
  rt: Runtime,
  paths: LenaPaths,
): { servers: ServersService; chat: ChatService; asks: AsksService; skills: SkillsService } {
  return {
    servers: new ServersService(rt, paths),
    chat: new ChatService(rt),
    asks: new AsksService(rt),
    skills: rt.skills,
  };
}
