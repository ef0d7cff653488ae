// Settings as the window sees them: never a secret value, only whether one is set.

/**
 * The check of a key when it is saved (one Models API request): verified by the endpoint, or saved
 * without a check because the endpoint could not say (no /v1/models, offline), with why.
 */
export type ApiKeyCheck =
  { state: 'verified'; endpoint: string } | { state: 'not-checked'; reason: string };

export interface SettingsView {
  model: string;
  models: { id: string; label: string }[];
  maxTokens: number;
  systemPrompt: string;
  maxRounds: number;
  baseUrl: string | null;
  /** The MCP Registry Browse and installs read; null: the official registry. */
  registryUrl: string | null;
  requestTimeoutMs: number;
  autoApproveReadOnlyTrusted: boolean;
  /** Automatic updates (opt-in); null when this build cannot update itself (development, the CLI). */
  autoUpdate: boolean | null;
  theme: 'system' | 'light' | 'dark';
  /** The quick entry's global shortcut; null: off. */
  quickEntryShortcut: string | null;
  /** Anthropic's server tools (web search, web fetch): off unless the user switches them on. */
  serverTools: { webSearch: boolean; webFetch: boolean; webFetchDomains: string[] };
  /** Adaptive thinking (sent only to models that offer it). */
  thinking: 'off' | 'adaptive';
  /** Effort level (sent only to models that list it); null: the model's default. */
  effort: 'low' | 'medium' | 'high' | 'xhigh' | 'max' | null;
  /** Tools at scale: the deferral budget (null: a tenth of the context window) and the tools never deferred. */
  toolSearch: { budgetTokens: number | null; alwaysLoaded: string[] };
  /** The meter's own prices by model id (USD per million tokens), over the built-in table. */
  prices: Record<string, { input: number; output: number; cacheWrite: number; cacheRead: number }>;
  apiKeySet: boolean;
  /** What the check of the key saved in this session found (absent before a key is saved). */
  apiKeyCheck?: ApiKeyCheck;
  /** Where secrets live and whether they survive a restart. */
  secretStorage: { persistent: boolean; description: string };
  /** Problems reading settings.json (the defaults are in use, the file kept). */
  issues: string[];
}

export type SettingsPatch = Partial<
  Pick<
    SettingsView,
    | 'model'
    | 'maxTokens'
    | 'systemPrompt'
    | 'maxRounds'
    | 'baseUrl'
    | 'registryUrl'
    | 'requestTimeoutMs'
    | 'autoApproveReadOnlyTrusted'
    | 'theme'
    | 'quickEntryShortcut'
    | 'serverTools'
    | 'thinking'
    | 'effort'
    | 'toolSearch'
    | 'prices'
  >
> & { autoUpdate?: boolean };

export interface ProjectView {
  folder: string | null;
  recent: string[];
  /** The project's `.mcp.json`, when one was found walking up. */
  mcpFile: string | null;
}
