// The servers service: every configured server as the user sees it, and what may be done to one.
// It owns the configuration files, the manager, the registry, the statuses, trust and pins, the
// project approvals, sign-ins and each server's own settings (roots, sampling, log level, tool
// switches). Handlers, the CLI and the desktop call these methods; the parts stay inside.
import { readFile } from 'node:fs/promises';
import type { ServerEntry } from '../../../../shared/server-config';
import type {
  ConfigFileView,
  ServerAsksView,
  ServerLogs,
  ServerStatus,
  ToolInfo,
} from '../../../../shared/server-types';
import type { LoggingLevel } from '../../../../shared/mcp-types';
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import { findAuthError } from '../../mcp/auth/types';
import { importClaudeDesktop } from '../../mcp/config/claude-desktop';
import {
  addServer,
  removeServer,
  saveConfigText,
  setServerDisabled,
  updateServer,
} from '../../mcp/config/write';
import type { LoadedConfig } from '../../mcp/config/loader';
import type { RegisteredTool } from '../../mcp/registry/registry';
import type { Admission, Refusal } from '../../permissions/tool-gate';
import { serverKey } from '../../mcp/config/identity';
import { withSandboxGrant, type SandboxGrant } from '../../mcp/config/sandbox-grant';
import { preinstallServer } from './preinstall';
import { complete, getPrompt, offerings, readResource } from '../../mcp/manager/offerings';
import type { PromptCommand } from '../../../../shared/resource-types';
import type { HostEvents } from '../events';
import { ResourceWatch } from '../resource-watch';
import { changeLines, ruleViews } from '../../permissions/view';
import type { RuleCheck } from '../../permissions/service';
import type { PermissionLists, RuleEntry, RuleList, ServerIdentity } from '../../permissions/types';
import type { LenaPaths } from '../../home';
import { logMessage } from '../log-messages';
import type { Runtime } from '../runtime';
import { toolInfoView } from '../views/tool-info';
import { serverIdentity } from '../wiring';

type Parts = Pick<
  Runtime,
  | 'manager'
  | 'registry'
  | 'permissions'
  | 'approvals'
  | 'auth'
  | 'samplingUsage'
  | 'settings'
  | 'servers'
  | 'logs'
  | 'settingsKey'
  | 'gate'
  | 'recordMoves'
  | 'records'
>;

export class ServersService {
  constructor(
    private readonly parts: Parts,
    private readonly paths: LenaPaths,
  ) {}

  // Statuses: the manager's state with trust, token cost and approval (views/server-status.ts).
  statuses(): ServerStatus[] {
    return this.parts.servers.statuses();
  }
  status(name: string): ServerStatus | undefined {
    return this.parts.servers.status(name);
  }
  /** The status of a configured server, or not-found naming it. */
  required(name: string): ServerStatus {
    const status = this.parts.servers.status(name);
    if (!status) throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    return status;
  }
  onStatus(listener: (status: ServerStatus) => void): () => void {
    return this.parts.servers.onStatus(listener);
  }
  /** Whether the manager knows a server of this name now (configured, any status). */
  has(name: string): boolean {
    return this.parts.manager.session(name) !== undefined;
  }
  /** The last stderr lines a server's process wrote ('' when none or not a process). */
  stderrTail(name: string): string {
    return this.parts.manager.session(name)?.stderrTail() ?? '';
  }
  identity(name: string): ServerIdentity {
    return serverIdentity(this.parts.manager, name);
  }
  /** The open project folder the servers were started for (roots, project entries). */
  projectFolder(): string | null {
    return this.parts.manager.projectFolder ?? null;
  }
  lastConfig(): LoadedConfig | undefined {
    return this.parts.manager.lastConfig();
  }

  // Lifecycle.
  /** Loads the project's entries from `dir` (none: undefined) and restarts what changed. */
  async setProjectDir(dir: string | undefined): Promise<void> {
    await this.parts.manager.setProjectDir(dir);
  }
  start(): Promise<LoadedConfig> {
    return this.parts.manager.start();
  }
  whenReady(ms: number): Promise<void> {
    return this.parts.manager.whenReady(ms);
  }
  /** settings.json's `serverStartTimeout`: seconds `lena chat` waits for servers before a turn. */
  startTimeoutSeconds(): number {
    return this.parts.settings.current.serverStartTimeout;
  }
  /** Starts the named servers (lazy ones included) and waits until each has settled. */
  startServers(names: string[]): Promise<void> {
    return this.parts.manager.startServers(names);
  }
  /** Stops every server (and what it started). */
  shutdown(): Promise<void> {
    return this.parts.manager.shutdown();
  }
  async reload(name?: string): Promise<ServerStatus[]> {
    await this.parts.manager.reload(name);
    return this.statuses();
  }
  async restart(name: string): Promise<ServerStatus> {
    this.required(name);
    await this.parts.manager.restart(name);
    return this.required(name);
  }
  test(name: string, entry: ServerEntry) {
    return this.parts.manager.testConnection(name, entry);
  }

  // Sign-ins of remote servers.
  async signIn(name: string): Promise<ServerStatus> {
    this.required(name);
    try {
      await this.parts.auth.signIn(name);
    } catch (err) {
      // Which step failed and what to try: the message says the step, the hint what to do.
      throw new LenaError(
        ERROR_CODE.signInFailed,
        err instanceof Error ? err.message : String(err),
        findAuthError(err)?.hint,
      );
    }
    await this.parts.manager.restart(name);
    return this.required(name);
  }
  cancelSignIn(name: string): boolean {
    return this.parts.auth.cancelSignIn(name);
  }
  async signOut(name: string): Promise<ServerStatus> {
    this.required(name);
    await this.parts.auth.signOut(name);
    await this.parts.manager.restart(name);
    return this.required(name);
  }

  // The configuration files.
  /** The file that holds a server's winning entry (the user file for a new server). */
  private fileOf(name: string): string {
    return this.parts.manager.session(name)?.configured.file ?? this.paths.mcpConfig;
  }
  async add(name: string, entry: ServerEntry): Promise<ServerStatus> {
    await addServer(this.paths.mcpConfig, name, entry);
    // The tools of its first start-up are its baseline; later ones wait for the user.
    await this.parts.permissions.rebaseline(name, { fresh: true });
    await this.parts.manager.reload();
    return this.required(name);
  }
  async update(name: string, entry: ServerEntry): Promise<ServerStatus> {
    const configured = this.parts.manager.session(name)?.configured;
    const file = this.fileOf(name);
    // What the user set for the server follows the entry they edit (its identity changes with it).
    const to = serverKey(name, entry, { scope: configured?.scope ?? 'user', file });
    await this.parts.records.edit(name, this.parts.settingsKey(name), to, () =>
      updateServer(file, name, entry),
    );
    await this.parts.manager.reload();
    return this.required(name);
  }
  /** Adds a domain or a folder to a local entry's sandbox policy, saved as `update` saves any edit. */
  allowInSandbox(name: string, grant: SandboxGrant): Promise<ServerStatus> {
    const configured = this.parts.manager.session(name)?.configured;
    if (!configured?.entry) throw new LenaError(ERROR_CODE.notFound, `No server named "${name}".`);
    return this.update(name, withSandboxGrant(configured.entry, configured.scope, grant));
  }
  /** Fills a sandboxed npx/uvx server's cache unsandboxed (the user asked), then restarts it offline. */
  async preinstall(name: string): Promise<ServerStatus> {
    await preinstallServer(this.parts, name);
    return this.required(name);
  }
  async remove(name: string): Promise<void> {
    await removeServer(this.fileOf(name), name);
    await this.parts.manager.reload();
    this.parts.logs.forget(name); // a removed server's log goes with it
  }
  async setEnabled(name: string, enabled: boolean): Promise<ServerStatus> {
    await setServerDisabled(this.fileOf(name), name, !enabled);
    await this.parts.manager.reload();
    return this.required(name);
  }
  async configFile(scope: 'user' | 'project', path: string): Promise<ConfigFileView> {
    const text = await readFile(path, 'utf8').catch(() => null);
    const issues = (this.parts.manager.lastConfig()?.errors ?? []).filter((e) => e.file === path);
    return { scope, path, text, issues };
  }
  async saveConfigFile(scope: 'user' | 'project', path: string, text: string) {
    await saveConfigText(path, text);
    await this.parts.manager.reload();
    return this.configFile(scope, path);
  }
  async importClaudeDesktop() {
    const report = await importClaudeDesktop(this.paths.mcpConfig);
    await this.parts.manager.reload();
    return report;
  }

  // Trust, approval and tool acceptance (the permission service says who may be trusted).
  async setTrusted(name: string, trusted: boolean): Promise<ServerStatus> {
    const st = this.required(name);
    if (trusted) await this.parts.permissions.trust(this.identity(name), { scope: st.scope });
    else await this.parts.permissions.untrust(name);
    // Trust covers the tools listed now (its baseline); a tool added later asks once.
    const session = this.parts.manager.session(name);
    if (trusted && session?.connected)
      await this.parts.permissions.rebaseline(name, { current: session.tools });
    return this.required(name);
  }
  async confirm(name: string): Promise<ServerStatus> {
    await this.parts.permissions.confirmServer(this.identity(name));
    // Settings an outside edit left under the previous entry follow the confirmed one.
    if ((await this.parts.records.carryOver(name)).length > 0)
      await this.parts.manager.restart(name);
    return this.required(name);
  }
  /** Answers a project entry's approval; the approvals check it answers the entry waiting now. */
  async approve(
    folder: string,
    name: string,
    answer: { approve: boolean; entryHash: string; grants: string[]; sandbox?: boolean },
  ): Promise<ServerStatus> {
    const st = this.required(name);
    const configured = this.parts.manager.session(name)?.configured;
    await this.parts.approvals.answer(
      folder,
      { name, scope: st.scope, entry: configured?.entry, waiting: st.status === 'needs-approval' },
      answer.entryHash,
      answer.approve,
      answer.grants,
      new Date(),
      answer.sandbox === false,
    );
    if (answer.approve) await this.parts.permissions.rebaseline(name, { fresh: true });
    await this.parts.manager.reload(name);
    return this.required(name);
  }
  /** A tool as the server lists it now, or not-found: what the user accepts is the definition shown. */
  private listed(server: string, tool: string): RegisteredTool {
    const found = this.tool(server, tool);
    if (!found)
      throw new LenaError(ERROR_CODE.notFound, `"${server}" has no tool named "${tool}".`);
    return found;
  }
  /** A held tool's change since it was accepted, a line per field (null: not changed). */
  heldChanges(server: string, tool: string): string[] | null {
    const held = this.parts.permissions.heldChange(server, this.listed(server, tool).tool);
    return held ? changeLines(held.diff) : null;
  }
  acceptTool(server: string, tool: string): Promise<void> {
    return this.parts.permissions.acceptDefinition(server, this.listed(server, tool).tool);
  }
  rejectTool(server: string, tool: string): Promise<void> {
    return this.parts.permissions.rejectTool(server, this.listed(server, tool).tool);
  }
  /** The rules list of the settings page, with the open project's rules beside the user's. */
  rules(projectRules: Partial<PermissionLists>) {
    const identities = new Map<string, ServerIdentity>(
      this.parts.manager.statuses().map((st) => [st.name, this.identity(st.name)]),
    );
    return ruleViews(this.parts.permissions.current(), projectRules, identities);
  }
  /** "Always allow when…" tried against the waiting call `id`, as if saved. */
  previewRule(id: string, rule: string): RuleCheck {
    return this.parts.permissions.previewRule(id, rule);
  }
  /** The settings tester: the gate's decision for a listed tool called with these arguments. */
  async testCall(qualifiedName: string, args: unknown): Promise<RuleCheck> {
    const registered = this.parts.registry.resolve(qualifiedName);
    if (!registered)
      return {
        decision: null,
        decidedBy: '',
        error: `No connected server lists a tool named ${qualifiedName}.`,
      };
    const valid = await this.validateArguments(qualifiedName, args);
    if (!valid.ok) return { decision: null, decidedBy: '', error: valid.message };
    return this.parts.permissions.check({
      conversationId: 'rule-tester',
      qualifiedName,
      serverName: registered.server,
      toolName: registered.tool.name,
      identity: this.identity(registered.server),
      tool: registered.tool,
      arguments: args,
    });
  }
  removeRule(list: RuleList, rule: string, args?: RuleEntry['args']): Promise<void> {
    return this.parts.permissions.removeRule(list, rule, args);
  }

  // Tools.
  /** The registry's tools (of one server, or all), as registered. */
  /** The user's own rule lists (settings.json), as the gate reads them. */
  userRules(): PermissionLists {
    return this.parts.permissions.current().permissions;
  }
  registered(server?: string): RegisteredTool[] {
    return this.parts.registry.tools(server);
  }
  tool(server: string, name: string): RegisteredTool | undefined {
    return this.parts.registry.tools(server).find((t) => t.tool.name === name);
  }
  /** A qualified name (`mcp__server__tool`) or a bare tool name resolved to its tool. */
  resolve(name: string): RegisteredTool | undefined {
    return this.parts.registry.resolve(name);
  }
  qualifiedName(server: string, tool: string): string | undefined {
    return this.parts.registry.qualifiedName(server, tool);
  }
  /** The servers with tools in the registry now. */
  withTools(): string[] {
    return this.parts.registry.servers();
  }
  /** The tools as the servers page and `lena mcp tools --json` show them. */
  tools(server?: string): ToolInfo[] {
    return this.registered(server).map((t) => toolInfoView(this.parts.permissions, t));
  }
  async setToolEnabled(server: string, tool: string, enabled: boolean): Promise<ToolInfo> {
    // Checked before anything is written: a toggle of a tool that does not exist leaves settings.json alone.
    if (!this.tool(server, tool)) {
      throw new LenaError(
        ERROR_CODE.notFound,
        `"${server}" has no tool named "${tool}"; connect the server and pick one of the tools it lists.`,
      );
    }
    const key = this.parts.settingsKey(server);
    const current = this.parts.settings.current.servers[key]?.disabledTools ?? [];
    const disabledTools = enabled
      ? current.filter((t) => t !== tool)
      : [...new Set([...current, tool])];
    await this.parts.settings.update({ servers: { [key]: { disabledTools } } });
    return toolInfoView(this.parts.permissions, this.tool(server, tool)!);
  }

  // A server's own settings: log level, roots and sampling (the per-server key, server-settings.ts).
  logs(name: string): ServerLogs {
    const session = this.parts.manager.session(name);
    if (!session) throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    return {
      name,
      stderrTail: session.stderrTail(),
      // Classified from each message in core/host/views (no guessing from a preview).
      protocol: this.parts.logs.protocolEntries(name),
      messages: (session.mcp?.logEntries() ?? []).map(logMessage),
      logLevel: this.own(name)?.logLevel ?? 'info',
    };
  }
  async setLogLevel(name: string, level: LoggingLevel): Promise<ServerStatus> {
    const session = this.parts.manager.session(name);
    if (!session) throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    await this.parts.settings.update({
      servers: { [this.parts.settingsKey(name)]: { logLevel: level } },
    });
    await session.mcp?.setLogLevel(level).catch(() => false);
    return this.required(name);
  }
  private own(name: string) {
    return this.parts.settings.current.servers[this.parts.settingsKey(name)];
  }
  asks(name: string): ServerAsksView {
    if (!this.has(name))
      throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    const own = this.own(name);
    return {
      name,
      projectFolder: this.projectFolder(),
      roots: own?.roots ?? [],
      shareProject: own?.shareProject !== false,
      sampling: own?.sampling ?? 'ask',
      samplingUsage: this.parts.samplingUsage.get(this.parts.settingsKey(name)),
    };
  }
  /** Sets the folders a server may see and how its sampling is reviewed; running servers hear of new roots. */
  async setAsks(
    name: string,
    change: { roots?: string[]; sampling?: ServerAsksView['sampling']; shareProject?: boolean },
  ): Promise<ServerAsksView> {
    if (!this.has(name))
      throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
    await this.parts.settings.update({
      servers: {
        [this.parts.settingsKey(name)]: {
          ...(change.roots ? { roots: change.roots } : {}),
          ...(change.sampling ? { sampling: change.sampling } : {}),
          ...(change.shareProject !== undefined ? { shareProject: change.shareProject } : {}),
        },
      },
    });
    if (change.roots || change.shareProject !== undefined) await this.rootsChanged(name);
    return this.asks(name);
  }
  /** Tells a running server its roots changed (notifications/roots/list_changed). */
  async rootsChanged(name: string): Promise<void> {
    await this.parts.manager
      .session(name)
      ?.mcp?.rootsChanged()
      .catch(() => undefined);
  }

  // What servers offer besides tools: resources, prompts, completions.
  offerings(server: string) {
    return offerings(this.parts.manager, server);
  }
  readResource(server: string, uri: string) {
    return readResource(this.parts.manager, server, uri);
  }
  getPrompt(server: string, name: string, args?: Record<string, string>) {
    return getPrompt(this.parts.manager, server, name, args);
  }
  complete(...args: Parameters<typeof complete> extends [unknown, ...infer R] ? R : never) {
    return complete(this.parts.manager, ...args);
  }
  /** Every connected server's prompts, for the composer's `/` commands. */
  async prompts(): Promise<PromptCommand[]> {
    const connected = this.parts.manager.statuses().filter((s) => s.status === 'connected');
    const lists = await Promise.all(
      connected.map(async (s): Promise<PromptCommand[]> => {
        const client = this.parts.manager.session(s.name)?.mcp;
        if (!client?.capabilities?.prompts) return [];
        const prompts = await client.listPrompts().catch(() => []);
        return prompts.map((prompt) => ({
          server: s.name,
          prompt,
          completions: client.capabilities?.completions !== undefined,
        }));
      }),
    );
    return lists.flat();
  }
  /**
   * A call the user starts by hand (`by-hand`: the servers page; `cli`: `lena mcp call`) through
   * the one gate: the rules and held tools apply; no "ask" waits, since the user is the caller.
   * An allowed admission carries the ticket that sends the call, once.
   */
  admitByHand(
    origin: 'by-hand' | 'cli',
    conversationId: string,
    registered: RegisteredTool,
    args: Record<string, unknown>,
  ): Promise<Admission | Refusal> {
    return this.parts.gate.admit({
      origin,
      call: {
        conversationId,
        qualifiedName: registered.qualifiedName,
        serverName: registered.server,
        toolName: registered.tool.name,
        identity: this.identity(registered.server),
        tool: registered.tool,
        arguments: args,
      },
    });
  }
  validateArguments(qualifiedName: string, args: unknown) {
    return this.parts.registry.validateArguments(qualifiedName, args);
  }
  /** Which of a server's tools a request may send now (held ones wait for the user). */
  availability(server: string) {
    return this.parts.permissions.availability(
      server,
      this.registered(server).map((t) => t.tool),
    );
  }
  /** Records an earlier version kept under a bare name, moved at this start to their user server. */
  recordMoves() {
    return this.parts.recordMoves;
  }
  /** Resource subscriptions and list changes forwarded as events, kept across reconnects. */
  watchResources(events: HostEvents): ResourceWatch {
    return new ResourceWatch(this.parts.manager, events);
  }
}
