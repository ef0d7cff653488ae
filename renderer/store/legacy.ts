// The store's flat fields from before loadables (`servers`, `serversState`, `serversError`…),
// kept in step with the loadables on every update so code written against them still works while
// the window's features move to the slice selectors. Read-only: write the loadable instead.
// Drop this module once nothing reads these names (grep for them).
import type { AppInfo } from '../../shared/app-types';
import type { ConversationSummary, ModelOption, SearchHit, TokenBudget } from '../../shared/chat-types';
import type { PermissionRuleView } from '../../shared/permission-types';
import type { ServerOfferingsView } from '../../shared/resource-types';
import type { ConfigFileView, ServerLogs, ServerStatus, ToolInfo } from '../../shared/server-types';
import type { ProjectView, SettingsView } from '../../shared/settings-types';
import type { OpenChat } from '../lib/chat-reducer';
import type { StateCreator, StoreApi } from 'zustand';
import { errorsOf, valuesOf, type Loadable } from './loadable';
import type { LoadState, UiError } from './result';

/** @deprecated read the slice selectors (`serversSelectors.servers`…) instead. */
export interface LegacyState {
  readonly info: AppInfo | null;
  readonly infoError: string | null;
  readonly settings: SettingsView | null;
  readonly settingsState: LoadState;
  readonly settingsError: UiError | null;
  readonly project: ProjectView | null;
  readonly projectError: UiError | null;
  readonly conversations: ConversationSummary[];
  readonly conversationsState: LoadState;
  readonly conversationsError: UiError | null;
  readonly searchHits: SearchHit[];
  readonly searchError: UiError | null;
  readonly chat: OpenChat | null;
  readonly chatState: LoadState;
  readonly chatError: UiError | null;
  readonly budget: TokenBudget | null;
  readonly budgetError: UiError | null;
  readonly models: ModelOption[] | null;
  readonly servers: ServerStatus[];
  readonly serversState: LoadState;
  readonly serversError: UiError | null;
  readonly tools: Record<string, ToolInfo[]>;
  readonly toolsError: Record<string, UiError>;
  readonly serverLogs: Record<string, ServerLogs>;
  readonly serverLogsError: Record<string, UiError>;
  readonly configFiles: ConfigFileView[] | null;
  readonly configFilesError: UiError | null;
  readonly rules: PermissionRuleView[] | null;
  readonly rulesError: UiError | null;
  readonly offerings: Record<string, ServerOfferingsView>;
  readonly offeringsError: Record<string, UiError>;
}

interface Sources {
  appInfo: Loadable<AppInfo>;
  settingsView: Loadable<SettingsView>;
  projectView: Loadable<ProjectView>;
  conversationList: Loadable<ConversationSummary[]>;
  searchResults: Loadable<SearchHit[]>;
  openChat: Loadable<OpenChat>;
  tokenBudget: Loadable<TokenBudget>;
  modelList: Loadable<ModelOption[]>;
  serverList: Loadable<ServerStatus[]>;
  toolLists: Record<string, Loadable<ToolInfo[]>>;
  logsByServer: Record<string, Loadable<ServerLogs>>;
  configFileList: Loadable<ConfigFileView[]>;
  ruleList: Loadable<PermissionRuleView[]>;
  offeringsByServer: Record<string, Loadable<ServerOfferingsView>>;
}

const MIRRORS: { [K in keyof Sources]: (l: Sources[K]) => Partial<LegacyState> } = {
  appInfo: (l) => ({ info: l.value, infoError: l.error?.message ?? null }),
  settingsView: (l) => ({ settings: l.value, settingsState: l.status, settingsError: l.error }),
  projectView: (l) => ({ project: l.value, projectError: l.error }),
  conversationList: (l) => ({ conversations: l.value ?? [], conversationsState: l.status, conversationsError: l.error }),
  searchResults: (l) => ({ searchHits: l.value ?? [], searchError: l.error }),
  openChat: (l) => ({ chat: l.value, chatState: l.status, chatError: l.error }),
  tokenBudget: (l) => ({ budget: l.value, budgetError: l.error }),
  modelList: (l) => ({ models: l.value }),
  serverList: (l) => ({ servers: l.value ?? [], serversState: l.status, serversError: l.error }),
  toolLists: (m) => ({ tools: valuesOf(m), toolsError: errorsOf(m) }),
  logsByServer: (m) => ({ serverLogs: valuesOf(m), serverLogsError: errorsOf(m) }),
  configFileList: (l) => ({ configFiles: l.value, configFilesError: l.error }),
  ruleList: (l) => ({ rules: l.value, rulesError: l.error }),
  offeringsByServer: (m) => ({ offerings: valuesOf(m), offeringsError: errorsOf(m) }),
};

/** The legacy fields that follow from the loadables in `patch`. */
export function legacyFields(patch: Partial<Sources>): Partial<LegacyState> {
  let out: Partial<LegacyState> = {};
  for (const key of Object.keys(patch) as (keyof Sources)[]) {
    const mirror = MIRRORS[key] as ((l: unknown) => Partial<LegacyState>) | undefined;
    if (mirror && patch[key] !== undefined) out = { ...out, ...mirror(patch[key]) };
  }
  return out;
}

/** Middleware: every update that sets a loadable also sets its legacy fields, in the same update. */
export function withLegacyFields<T extends Sources & LegacyState>(creator: StateCreator<T, [], []>): StateCreator<T, [], []> {
  return (set, get, api) => {
    const mirrored: StoreApi<T>['setState'] = (partial, replace) => {
      const apply = (state: T): T | Partial<T> => {
        const p = typeof partial === 'function' ? partial(state) : partial;
        return { ...p, ...legacyFields(p as Partial<Sources>) } as Partial<T>;
      };
      // zustand's overloads want `replace` literal; the function form keeps one code path.
      if (replace === true) set((state) => apply(state) as T, true);
      else set(apply);
    };
    api.setState = mirrored;
    const initial = creator(mirrored, get, api);
    return { ...initial, ...legacyFields(initial) };
  };
}
