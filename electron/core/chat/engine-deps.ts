// What the chat engine is built over: the conversation store, the tools and their gate, settings,
// the key, the event sink, and the per-app caches (models, tool search, views' context).
import type { ChatEvent } from '../../../shared/chat/events';
import type { ResultLimits } from '../mcp/registry/results';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { PermissionService } from '../permissions/service';
import type { ToolGate } from '../permissions/tool-gate';
import type { SkillsService } from '../skills/service';
import type { ConversationStore } from '../store/conversations';
import type { AgentDelegates } from './agent-tools';
import type { ChatSettings } from './chat-settings';
import type { ModelCatalog } from './models';
import type { ProjectContext } from './project-context';
import type { WithheldFilter } from './request-tools';
import type { ToolExecutor } from './tool-runner';
import type { ToolSearchSupport } from './tool-search/support';
import type { ViewContexts } from './view-context';

export interface ChatEngineDeps {
  store: ConversationStore;
  registry: ToolRegistry;
  tools: ToolExecutor;
  permissions: PermissionService;
  /** The one gate every tool call passes (the model's, and a task followed again). */
  gate: ToolGate;
  settings: () => ChatSettings;
  /** The API key, from the secret provider; undefined when none is set. */
  apiKey: () => Promise<string | undefined>;
  emit: (event: ChatEvent) => void;
  resultLimits?: Partial<ResultLimits>;
  /** How long the first turn waits for servers still starting (default 10 s). */
  serverWaitMs?: number;
  /** Retries of a stream that broke after it started (default 2). */
  streamRetries?: number;
  /** Model limits and capabilities (Models API, cached); one per app. */
  models?: ModelCatalog;
  /** Held or not-yet-accepted tools, left out of `tools` (the permissions module's filter). */
  isWithheld?: WithheldFilter;
  /** Which endpoints refused tool search (tools at scale); one per app. */
  toolSearch?: ToolSearchSupport;
  /** MCP Apps: what tool views gave the model, sent with each request (one per app). */
  viewContexts?: ViewContexts;
  /** Skills: their catalog goes into the system prompt, and the skill tools answer from them. */
  skills?: SkillsService;
  /** What a conversation's project (its folder) adds: instructions and pinned files (Lena's home). */
  project?: (folder: string | null) => ProjectContext | undefined;
  /** A2A agents: each ready agent is a tool `a2a__NAME`, answered by a delegation. */
  agents?: AgentDelegates;
}
