// The one IPC contract: every invoke channel with its argument schema and result type, every event
// with its payload type. Core implements it (electron/core/host), main binds it to ipcMain, the
// preload and the end-to-end harness expose it through the same builder (shared/bridge.ts).
import { z } from 'zod';
import type { AgentView } from './a2a';
import type { AppInfo, AppNotice, LogEntry } from './app-types';
import type { ChatEvent } from './chat/events';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type EventChannelName,
  type InvokeChannelName,
} from './channel-names';
import * as s from './contract-schemas';
import type { AskResolved, AskView } from './asks';
import type { ClaudeSuggestion, PermissionRuleView, RuleCheckView } from './permission-types';
import type {
  ConfigFileView,
  ImportReport,
  ServerAsksView,
  ServerLogs,
  ServerStatus,
  TestConnectionResult,
  ToolInfo,
} from './server-types';
import type { InstallPreview, RegistryPageView, RegistryServerDetail } from './install-types';
import type { BundleOpened } from './bundle-types';
import type { ProjectView, SettingsView } from './settings-types';
import type { ProjectPrefsView } from './projects';
import type {
  InspectorBody,
  InspectorLogPage,
  RunProgress,
  RunToolResult,
} from './inspector-types';
import type { CallToolResult, Completion, GetPromptResult, ResourceContents } from './mcp-types';
import type { PromptCommand, PromptPreview, ServerOfferingsView } from './resource-types';
import type { SkillInfo } from './skill-types';
import type { AppModelContext, AppView } from './app-view-types';

import { channel, event, type ChannelSpec } from './contract-channel';
import { chatChannels } from './contract-chat';

export type { ChannelSpec };

export const invokeChannels = {
  'app:info': channel<AppInfo>()(s.noArgs),
  /** Start-up notices: what the user should know before anything else (read once by the window). */
  'app:notices': channel<AppNotice[]>()(s.noArgs),

  // MCP servers (manager, config, registry)
  'servers:list': channel<ServerStatus[]>()(s.noArgs),
  'servers:reload': channel<ServerStatus[]>()(
    z.object({ name: s.serverName.optional() }).strict().optional(),
  ),
  'servers:restart': channel<ServerStatus>()(z.object({ name: s.serverName }).strict()),
  /** OAuth: opens the authorization page in the system browser and waits for the redirect (issue 20). */
  'servers:sign-in': channel<ServerStatus>()(z.object({ name: s.serverName }).strict()),
  /** OAuth: forgets (and revokes, where supported) the server's tokens. */
  'servers:sign-out': channel<ServerStatus>()(z.object({ name: s.serverName }).strict()),
  /** OAuth: gives up waiting for the browser; the pending servers:sign-in fails with "cancelled". */
  'servers:sign-in-cancel': channel<boolean>()(z.object({ name: s.serverName }).strict()),
  /** The MCP Registry (settings' registryUrl): one page of servers whose names contain `search`. */
  'registry:search': channel<RegistryPageView>()(
    z
      .object({ search: z.string().max(200).optional(), cursor: z.string().max(2000).optional() })
      .strict()
      .optional(),
  ),
  /** One registry server and the ways it installs. */
  'registry:show': channel<RegistryServerDetail>()(
    z.object({ name: s.registryName, version: z.string().max(255).optional() }).strict(),
  ),
  /** The entry and command line an install option would save with these values (nothing is saved). */
  'registry:preview': channel<InstallPreview>()(s.installRequest),
  /** Saves the entry to Lena's mcp.json (secrets to the secret store); the server starts untrusted. */
  'registry:install': channel<ServerStatus>()(
    s.installRequest.extend({ serverName: s.serverName, sandbox: z.boolean().optional() }),
  ),
  /** Opens an MCP bundle (.mcpb): verified and read, nothing written; the sheet's content. */
  'bundles:open': channel<BundleOpened>()(s.bundleSource),
  /** Installs an opened bundle: files, secrets, the entry; the server starts untrusted. */
  'bundles:install': channel<ServerStatus>()(s.bundleInstall),
  /** A bundle opened from outside the window (double-click) that it has not shown yet. */
  'bundles:pending': channel<BundleOpened | null>()(s.noArgs),
  /** The system's file or folder picker for a bundle's directory and file settings. */
  'bundles:pick-paths': channel<string[]>()(s.pickPaths),
  'servers:add': channel<ServerStatus>()(
    z.object({ name: s.serverName, entry: s.serverEntry }).strict(),
  ),
  'servers:update': channel<ServerStatus>()(
    z.object({ name: s.serverName, entry: s.serverEntry }).strict(),
  ),
  'servers:remove': channel<void>()(z.object({ name: s.serverName }).strict()),
  'servers:set-enabled': channel<ServerStatus>()(
    z.object({ name: s.serverName, enabled: z.boolean() }).strict(),
  ),
  'servers:set-trusted': channel<ServerStatus>()(
    z.object({ name: s.serverName, trusted: z.boolean() }).strict(),
  ),
  /** Adds a domain (network.allowedDomains) or folder (filesystem.allowWrite) to the entry's sandbox. */
  'servers:sandbox-allow': channel<ServerStatus>()(
    z.union([
      z.object({ name: s.serverName, domain: z.string().min(1).max(300) }).strict(),
      z.object({ name: s.serverName, folder: z.string().min(1).max(4096) }).strict(),
    ]),
  ),
  /** Runs a sandboxed npx/uvx server's runner once unsandboxed to fill its cache; it then starts offline. */
  'servers:preinstall': channel<ServerStatus>()(z.object({ name: s.serverName }).strict()),
  /** The server's entry changed since it was trusted or its rules were made: confirm it is still the one meant. */
  'servers:confirm': channel<ServerStatus>()(z.object({ name: s.serverName }).strict()),
  'servers:test': channel<TestConnectionResult>()(
    z.object({ name: s.serverName, entry: s.serverEntry }).strict(),
  ),
  'servers:tools': channel<ToolInfo[]>()(
    z.object({ name: s.serverName.optional() }).strict().optional(),
  ),
  'servers:set-tool-enabled': channel<ToolInfo>()(
    z.object({ server: s.serverName, tool: z.string().min(1), enabled: z.boolean() }).strict(),
  ),
  'servers:logs': channel<ServerLogs>()(z.object({ name: s.serverName }).strict()),
  /** The server's folders (roots) and whether its sampling requests are reviewed. */
  'servers:asks': channel<ServerAsksView>()(z.object({ name: s.serverName }).strict()),
  'servers:set-asks': channel<ServerAsksView>()(
    z
      .object({
        name: s.serverName,
        roots: z.array(z.string().min(1).max(4096)).max(100).optional(),
        sampling: z.enum(['ask', 'always']).optional(),
        shareProject: z.boolean().optional(),
      })
      .strict(),
  ),
  /** The least severe server log message Lena asks this server for (logging/setLevel). */
  'servers:set-log-level': channel<ServerStatus>()(
    z.object({ name: s.serverName, level: s.logLevel }).strict(),
  ),
  /** The Logs tab's rows (traffic, stderr, notes) after `after`, built in core/host/views (issue 16). */
  'servers:log-view': channel<InspectorLogPage>()(
    z.object({ name: s.serverName, after: z.number().int().min(0).optional() }).strict(),
  ),
  /** One row's kept body, for its expanded view. */
  'servers:log-body': channel<InspectorBody>()(
    z.object({ name: s.serverName, seq: z.number().int().min(1) }).strict(),
  ),
  /** Runs a tool by hand from the Tools tab: the permission gate decides (deny rules apply); the click is the approval. */
  'servers:run-tool': channel<RunToolResult>()(
    z
      .object({
        server: s.serverName,
        tool: z.string().min(1).max(500),
        arguments: z.record(z.string(), z.unknown()),
        runId: s.id.optional(),
      })
      .strict(),
  ),
  /** Cancels a run by hand still in progress (the server hears notifications/cancelled); false when it already ended. */
  'servers:cancel-run': channel<boolean>()(z.object({ runId: s.id }).strict()),
  'servers:config-files': channel<ConfigFileView[]>()(s.noArgs),
  'servers:save-config-file': channel<ConfigFileView>()(
    z.object({ scope: z.enum(['user', 'project']), text: z.string().max(5_000_000) }).strict(),
  ),
  'servers:import-claude-desktop': channel<ImportReport>()(s.noArgs),
  // `grants`: the references (`NAME`, `secret:NAME`) the user ticked; the entry may expand only these.
  'servers:approve': channel<ServerStatus>()(
    z
      .object({
        name: s.serverName,
        approve: z.boolean(),
        entryHash: z.string(),
        grants: z.array(z.string().max(300)).max(500).optional(),
        /** false: the user unticked "Run in the sandbox" (an entry without a `sandbox` field). */
        sandbox: z.boolean().optional(),
      })
      .strict(),
  ),

  // Resources, templates, prompts and completions of one server (issue 22)
  'resources:offerings': channel<ServerOfferingsView>()(
    z.object({ server: s.serverName }).strict(),
  ),
  'resources:read': channel<ResourceContents[]>()(
    z.object({ server: s.serverName, uri: z.string().min(1).max(10_000) }).strict(),
  ),
  'resources:complete': channel<Completion>()(
    z
      .object({
        server: s.serverName,
        ref: s.completionRef,
        argument: z
          .object({ name: z.string().min(1).max(200), value: z.string().max(10_000) })
          .strict(),
        context: s.promptArguments.optional(),
      })
      .strict(),
  ),
  /** Asks for resources:updated events of a URI (an attached resource); kept across reconnects. */
  'resources:subscribe': channel<void>()(
    z.object({ server: s.serverName, uri: z.string().min(1).max(10_000) }).strict(),
  ),
  'resources:unsubscribe': channel<void>()(
    z.object({ server: s.serverName, uri: z.string().min(1).max(10_000) }).strict(),
  ),
  /** Every connected server's prompts, as the composer's `/server:prompt` commands. */
  'prompts:list': channel<PromptCommand[]>()(s.noArgs),
  'prompts:get': channel<GetPromptResult>()(
    z
      .object({
        server: s.serverName,
        name: z.string().min(1).max(500),
        arguments: s.promptArguments.optional(),
      })
      .strict(),
  ),
  /** Gets a prompt's messages for the user to read before it runs; nothing is stored or sent. */
  'prompts:preview': channel<PromptPreview>()(
    z
      .object({
        server: s.serverName,
        name: z.string().min(1).max(500),
        arguments: s.promptArguments.optional(),
      })
      .strict(),
  ),
  /** Runs a previewed prompt into a conversation: the messages the user saw are stored as the server's; a turn starts when they end with the user's. */
  'prompts:run': channel<{ turnId: string | null }>()(
    z.object({ conversationId: s.id, previewId: z.string().min(1).max(100) }).strict(),
  ) /** Every skill found (the user's folders and the open project's), with its state. */,
  'skills:list': channel<SkillInfo[]>()(s.noArgs),
  /** Switches a skill on or off for every conversation. */
  'skills:set-enabled': channel<SkillInfo[]>()(
    z.object({ name: s.skillName, enabled: z.boolean() }).strict(),
  ),
  /** Approves a project's skill as its files are now (bound to their hash). */
  'skills:approve': channel<SkillInfo[]>()(z.object({ name: s.skillName }).strict()),
  /** A server's skill's SKILL.md body, read from its server now and verified against its entry. */
  'skills:read': channel<{ body: string }>()(z.object({ name: s.skillName }).strict()),
  /** A2A agents (agents.json) with their state and what each card says. */
  'agents:list': channel<AgentView[]>()(s.noArgs),
  /** Adds an agent by its base URL; the card is fetched (the entry stays when it cannot be). */
  'agents:add': channel<AgentView[]>()(s.agentAdd),
  'agents:remove': channel<AgentView[]>()(z.object({ name: s.agentName }).strict()),
  /** Copies an artifact Lena kept as a file through the save dialog (null: cancelled). */
  'agents:save-artifact': channel<{ saved: string | null }>()(s.agentArtifact),
  /** Shows an artifact Lena kept as a file in the system's file manager. */
  'agents:show-artifact': channel<{ path: string }>()(s.agentArtifact),
  /** OAuth the agent's card declares: the system browser, then the loopback redirect. */
  'agents:sign-in': channel<AgentView[]>()(z.object({ name: s.agentName }).strict()),
  /** Forgets (and revokes, where supported) the agent's tokens. */
  'agents:sign-out': channel<AgentView[]>()(z.object({ name: s.agentName }).strict()),
  /** Gives up waiting for the browser; the pending agents:sign-in fails with "cancelled". */
  'agents:sign-in-cancel': channel<boolean>()(z.object({ name: s.agentName }).strict()),

  // Conversations and the agent loop (contract-chat.ts)
  ...chatChannels,

  // What Lena waits on the user for, in one queue (tool permissions, what servers ask)
  'asks:pending': channel<AskView[]>()(s.noArgs),

  // Permissions
  'permissions:answer': channel<void>()(
    z
      .object({
        id: s.id,
        decision: s.permissionDecisionKind,
        reason: z.string().max(2000).optional(),
        confirmed: z.boolean().optional(),
        rule: z.string().min(1).max(4000).optional(),
      })
      .strict(),
  ),
  /** A candidate "always allow when" rule tried against a waiting call, as if it were saved. */
  'permissions:preview-rule': channel<RuleCheckView>()(
    z.object({ id: s.id, rule: z.string().max(4000) }).strict(),
  ),
  /** The settings tester: what the gate decides for these arguments of this tool, and which rule. */
  'permissions:test-call': channel<RuleCheckView>()(
    z.object({ qualifiedName: z.string().min(1).max(300), arguments: z.unknown() }).strict(),
  ),
  'permissions:rules': channel<PermissionRuleView[]>()(s.noArgs),
  /** Claude Code's permission entries for MCP tools, as suggestions (never applied by reading them). */
  'permissions:claude-suggestions': channel<ClaudeSuggestion[]>()(s.noArgs),
  /** Adds user rules the user accepted (a suggestion, or several at once); each is checked. */
  'permissions:add-rules': channel<PermissionRuleView[]>()(
    z
      .object({
        rules: z
          .array(
            z
              .object({ list: z.enum(['allow', 'ask', 'deny']), rule: z.string().min(1).max(4000) })
              .strict(),
          )
          .min(1)
          .max(500),
      })
      .strict(),
  ),
  'permissions:revoke-rule': channel<PermissionRuleView[]>()(
    z
      .object({
        list: z.enum(['allow', 'ask', 'deny']),
        rule: z.string().min(1),
        args: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
  ),
  'permissions:accept-definition': channel<void>()(
    z.object({ server: s.serverName, tool: z.string().min(1) }).strict(),
  ),
  /** Leaves a new or changed tool out of every request (until it changes again or is accepted). */
  'permissions:reject-tool': channel<void>()(
    z.object({ server: s.serverName, tool: z.string().min(1) }).strict(),
  ),

  // What servers ask of the user: sampling and elicitation (issue 17)
  'questions:answer': channel<void>()(z.object({ id: s.id, answer: s.clientAnswer }).strict()),

  // MCP Apps (issue 23): a tool's view, and what the view asks, each tied to the card's tool call.
  /** The view of a tool (null: the tool has none). Only a `ready` view carries its HTML. */
  'apps:view': channel<AppView | null>()(
    z.object({ server: s.serverName, tool: z.string().min(1).max(500) }).strict(),
  ),
  /** The view's tools/call: only its own server's tools visible to "app"; through the permission gate (the dialog says "from the view"). */
  'apps:call-tool': channel<CallToolResult>()(
    z
      .object({
        ...s.appViewRef,
        name: z.string().min(1).max(500),
        arguments: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
  ),
  /** The view's resources/read, of its own server only. */
  'apps:read-resource': channel<{ contents: ResourceContents[] }>()(
    z.object({ ...s.appViewRef, uri: z.string().min(1).max(10_000) }).strict(),
  ),
  /** ui/message: asked in the question frame (kind app-message); sent to the conversation only when the user approves. */
  'apps:message': channel<{ sent: boolean; turnId: string | null }>()(
    z.object({ ...s.appViewRef, role: z.literal('user'), content: s.appContent }).strict(),
  ),
  /** ui/open-link: checks the address (https only, no credentials); the window then asks and opens it. Refused: error with why. */
  'apps:check-link': channel<{ href: string; origin: string }>()(
    z.object({ ...s.appViewRef, url: z.string().min(1).max(10_000) }).strict(),
  ),
  /** ui/update-model-context: replaces what this view gave the model; it reaches the model inside the untrusted-data markers. */
  'apps:update-context': channel<AppModelContext>()(
    z
      .object({
        ...s.appViewRef,
        content: s.appContent.optional(),
        structuredContent: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
  ),
  /** What the views of a conversation last gave the model (for the cards after a reload). */
  'apps:contexts': channel<AppModelContext[]>()(z.object({ conversationId: s.id }).strict()),
  /** ui/download-file: each embedded resource through the save dialog; `saved` lists the paths written. */
  'apps:download': channel<{ saved: string[]; cancelled: boolean }>()(
    z.object({ ...s.appViewRef, contents: s.appContent }).strict(),
  ),

  // Settings, secrets, project folder
  'settings:get': channel<SettingsView>()(s.noArgs),
  'settings:update': channel<SettingsView>()(s.settingsPatch),
  'settings:set-api-key': channel<SettingsView>()(
    z.object({ key: z.string().min(1).max(500) }).strict(),
  ),
  'settings:clear-api-key': channel<SettingsView>()(s.noArgs),
  'secrets:set': channel<void>()(
    z
      .object({
        name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        value: z.string().min(1).max(100_000),
      })
      .strict(),
  ),
  'project:get': channel<ProjectView>()(s.noArgs),
  'project:open': channel<ProjectView>()(
    z.object({ folder: z.string().min(1).nullable() }).strict(),
  ),
  /** A project's instructions, pinned files (with costs), default model and tools (Lena's home). */
  'project:prefs': channel<ProjectPrefsView>()(s.projectFolder),
  'project:set-prefs': channel<ProjectPrefsView>()(s.projectPrefsChange),

  // Many windows: which conversation a window shows (its events and questions follow), and a new one
  /** Returns the conversations other windows show. */
  'windows:show': channel<string[]>()(
    z.object({ conversationId: s.id.nullable(), claim: z.boolean().optional() }).strict(),
  ),
  'windows:open': channel<void>()(
    z.object({ conversationId: s.id.optional(), quickEntry: z.boolean().optional() }).strict(),
  ),
  /** Closes the calling window (the quick entry once its question is on its way). */
  'windows:close': channel<void>()(s.noArgs),
} as const;

export const eventChannels = {
  'app:logged': event<LogEntry>(),
  'servers:status-changed': event<ServerStatus>(),
  'servers:tools-changed': event<{ server: string }>(),
  /** A tool run by hand from the servers page reported progress. */
  'servers:run-progressed': event<RunProgress>(),
  /** A subscribed resource changed on its server (notifications/resources/updated). */
  'resources:updated': event<{ server: string; uri: string }>(),
  /** A server's resource or prompt list changed (list_changed). */
  'resources:list-changed': event<{ server: string; kind: 'resources' | 'prompts' }>(),
  'chat:progressed': event<ChatEvent>(),
  /** A question joined the queue (a tool permission, or a server's question). */
  'asks:requested': event<AskView>(),
  /** A question left the queue, however it ended. */
  'asks:resolved': event<AskResolved>(),
  'settings:changed': event<SettingsView>(),
  /** A view's model context changed (apps:update-context); it stays until the view replaces or clears it. */
  'apps:context-changed': event<AppModelContext>(),
  'project:changed': event<ProjectView>(),
  /** A bundle file was opened from outside the window (double-click, the command line). */
  'bundles:opened': event<BundleOpened>(),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type ArgsOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
export type ParsedArgsOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['args']>;
/**
 * The arguments a call passes, as a tuple: none for a channel that takes none (`s.noArgs`), an
 * optional one where the schema allows leaving it out, else a required one.
 */
export type CallArgs<C extends InvokeChannel> = [ArgsOf<C>] extends [undefined | null]
  ? []
  : undefined extends ArgsOf<C>
    ? [args?: ArgsOf<C>]
    : [args: ArgsOf<C>];
export type ResultOf<C extends InvokeChannel> =
  (typeof invokeChannels)[C] extends ChannelSpec<z.ZodType, infer R> ? R : never;
export type PayloadOf<E extends EventChannel> = (typeof eventChannels)[E] extends {
  readonly _payload?: infer P;
}
  ? P
  : never;

// Compile-time proof that channel-names.ts and the schemas above list the same channels.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: [Same<InvokeChannel, InvokeChannelName>, Same<EventChannel, EventChannelName>] = [
  true,
  true,
];
void namesMatch;

export const invokeChannelNames: readonly InvokeChannel[] = INVOKE_CHANNELS;
export const eventChannelNames: readonly EventChannel[] = EVENT_CHANNELS;

export const isInvokeChannel = (name: unknown): name is InvokeChannel =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(invokeChannels, name);
export const isEventChannel = (name: unknown): name is EventChannel =>
  typeof name === 'string' && (EVENT_CHANNELS as readonly string[]).includes(name);
