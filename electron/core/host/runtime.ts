// What Lena's engine is made of, for the window, `lena chat -p` and `lena mcp`: the options a
// front end gives and the parts it gets (settings, the MCP manager feeding the tool registry, the
// permission gate with a broker only where someone can answer, the conversations, the chat
// engine), with the start-up helpers compose.ts builds them with.
import type { SkillsService } from '../skills/service';
import type { AgentsService } from '../agents/service';
import type { AppNotice } from '../../../shared/app-types';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ChatEngine } from '../chat/engine';
import type { SamplingUsage } from './sampling-usage';
import type { ToolBudget } from '../chat/tool-budget';
import type { ViewContexts } from '../chat/view-context';
import type { ChatSettings } from '../chat/chat-settings';
import type { LenaPaths } from '../home';
import type { ConfigSources } from '../mcp/config/loader';
import type { McpManager, ManagerOptions } from '../mcp/manager/manager';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { AskBroker } from '../permissions/broker';
import type { BaselineStore } from '../permissions/baselines';
import type { PinStore } from '../permissions/pins';
import type { ProjectApprovals } from '../permissions/project-approval';
import type { PermissionService } from '../permissions/service';
import type { ToolGate } from '../permissions/tool-gate';
import type { PermissionLists } from '../permissions/types';
import type { OpenedConversationStore } from '../store/open-store';
import type { ProjectPrefsStore } from '../store/project-prefs';
import type { SecretProvider } from '../store/secrets';
import type { SettingsStore } from '../store/settings';
import type { ServerStatusViews } from './views/server-status';
import type { AuthRegistry } from '../mcp/auth/registry';
import type { SignInHost } from '../mcp/auth/provider';
import type { AuthStore } from '../mcp/auth/store';
import type { Asker } from './feature-ports';
import type { InspectorLogs } from './views/protocol-log';
import {
  moveLine,
  moveNameKeyedRecords,
  settingsRecords,
  signInRecords,
  userEntries,
  type RecordMove,
} from './identity-migration';
import type { ServerRecords } from './record-moves';

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
  /** A stdio server's shutdown grace (transport-factory.ts); the transport's default when unset. */
  shutdownGraceMs?: number;
  /** One-shot: the grace runs after this process has gone, in a detached reaper (stdio.ts). */
  endInBackground?: boolean;
  /** Overrides from the environment or flags (ANTHROPIC_BASE_URL, --model). */
  chatOverrides?: Partial<ChatSettings>;
  emit: (event: ChatEvent) => void;
  brokerTimeoutMs?: number;
  /** How long a turn waits for servers still starting (the command line waits before the turn). */
  serverWaitMs?: number;
  manager?: Partial<ManagerOptions>;
  /** How OAuth sign-ins reach the user and where they are kept (default: oauth.json + `secrets`). */
  auth?: { host: SignInHost; store?: AuthStore };
  /**
   * What servers may ask of this front end: 'window' (roots, sampling, elicitation through the
   * one broker), the same over another asker (`lena chat --interactive`: terminal prompts),
   * or roots only by default.
   */
  features?: 'window' | { asker: Asker };
  /** The window: opens an address in the system browser (URL elicitation is offered only with it). */
  openExternal?: (url: string) => Promise<void>;
}

export interface Runtime {
  settings: SettingsStore;
  manager: McpManager;
  /** OAuth providers of the remote servers (sign in, sign out, state). */
  auth: AuthRegistry;
  registry: ToolRegistry;
  permissions: PermissionService;
  /** The one gate every tool call passes (the model's, a view's, by hand, `lena mcp call`, a resumed task). */
  gate: ToolGate;
  /** Everything asked of the user, tool permissions and server questions (the window only). */
  asks: AskBroker | null;
  approvals: ProjectApprovals;
  pins: PinStore;
  /** Tokens each server's sampling requests used of the user's key (issue 17). */
  samplingUsage: SamplingUsage;
  conversations: OpenedConversationStore;
  engine: ChatEngine;
  budget: ToolBudget;
  /** MCP Apps: what tool views gave the model (ui/update-model-context). */
  viewContexts: ViewContexts;
  /** Skills from folders: the catalog the engine sends, the Skills page's list. */
  skills: SkillsService;
  /** What Lena keeps per project folder: instructions, pinned files, default model and tools. */
  projectPrefs: ProjectPrefsStore;
  /** A2A agents (agents.json): entries, cards, and the tools they give Claude. */
  agents: AgentsService;
  /**
   * What leaves Lena for a server outside a turn, checked against the untrusted-data boundaries: a
   * view's tool arguments (its conversation's), a sampling or elicitation answer (every one's).
   */
  boundaries: {
    viewArguments(conversationId: string, args: unknown): void;
    answer(value: unknown): void;
  };
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
  /** Each server's records across an edit of its entry (moved through Lena, kept after an outside edit). */
  records: ServerRecords;
  close(): Promise<void>;
}

/** The stores whose records are kept per server, as start-up opens them. */
export interface RecordStores {
  settings: SettingsStore;
  samplingUsage: SamplingUsage;
  pins: PinStore;
  baselines: BaselineStore;
  /** OAuth sign-ins (oauth.json and the secret store); moved only where the entry's URL still matches. */
  auth: AuthStore;
}

/**
 * Moves records an earlier version keyed by bare name to the user entry of that name, once; each
 * move is logged and becomes a notice, a failure a warning (the move is tried at the next start).
 */
export async function moveRecords(
  stores: RecordStores,
  sources: ConfigSources,
  secretsEnv: { env: NodeJS.ProcessEnv; secrets: SecretProvider },
  notices: AppNotice[],
  log?: ManagerOptions['log'],
): Promise<RecordMove[]> {
  const moves: RecordMove[] = [];
  try {
    const entries = await userEntries(sources);
    moves.push(
      ...(await moveNameKeyedRecords(
        [
          settingsRecords(stores.settings),
          { file: 'sampling-usage.json', ...recordsOf(stores.samplingUsage) },
          { file: 'pins.json', ...recordsOf(stores.pins) },
          { file: 'tool-baselines.json', ...recordsOf(stores.baselines) },
          await signInRecords(stores.auth, entries, {
            env: secretsEnv.env,
            secrets: secretsEnv.secrets,
          }),
        ],
        entries,
      )),
    );
  } catch (err) {
    notices.push({
      level: 'warn',
      message: `Lena could not move per-server records to their servers' identities (${(err as Error).message}); they stay under their names and the move is tried again at the next start.`,
    });
  }
  for (const move of moves) {
    log?.('info', moveLine(move));
    notices.push({ level: 'info', message: moveLine(move) });
  }
  return moves;
}

/**
 * What start-up found for the user, first in the list: the database moved aside or answers
 * recovered, settings.json's issues (the rule store repeats them; each is said once), Lena's own
 * files found damaged and moved aside, and settings migrations.
 */
export function startupNotices(found: {
  conversations: OpenedConversationStore;
  settings: SettingsStore;
  ruleWarnings: readonly string[];
  damaged: readonly { warnings: readonly string[] }[];
}): AppNotice[] {
  const { conversations, settings } = found;
  return [
    ...(conversations.notice ? [{ level: 'error' as const, message: conversations.notice }] : []),
    ...(conversations.recovered.messages > 0
      ? [
          {
            level: 'info' as const,
            message: `${conversations.recovered.messages} answer(s) interrupted when Lena last stopped were kept and marked incomplete.`,
          },
        ]
      : []),
    ...[...new Set([...settings.issues, ...found.ruleWarnings])].map((message) => ({
      level: 'warn' as const,
      message,
    })),
    ...found.damaged
      .flatMap((store) => store.warnings)
      .map((message) => ({ level: 'warn' as const, message })),
    ...settings.migrationNotices.map((message) => ({ level: 'info' as const, message })),
  ];
}

/** A store of per-server records as the start-up move sees it. */
export function recordsOf(store: {
  serverKeys(): string[];
  moveServer(from: string, to: string): Promise<boolean>;
}) {
  return { keys: () => store.serverKeys(), move: store.moveServer.bind(store) };
}

/** Qualified names of the tools the user switched off: each configured server's, read under its own settings key. */
export function disabledTools(
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
/** Without a way to open a browser, a 401 is "Sign in required" and Sign in explains why it cannot. */
export const NO_BROWSER: SignInHost = {
  interactive: false,
  open: async (url) => {
    throw new Error(
      `Lena cannot open a browser here; open this URL to sign in: ${url.origin}${url.pathname}`,
    );
  },
};
