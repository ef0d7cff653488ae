// MCP Apps in the window (issue 23): each tool's view as core gives it, the views shown full
// width, and what each view last put into the model's context (shown on its card).
import type { AppModelContext, AppView } from '../../../shared/app-view-types';
import type { UiError } from '../result';

/** The key of a tool's view in `appViews`. */
export const viewKey = (server: string, tool: string): string => `${server}\u0000${tool}`;

export interface AppsState {
  /** Views by `viewKey`: null when the tool has none; absent until asked. */
  appViews: Record<string, AppView | null>;
  appViewErrors: Record<string, UiError>;
  /** Views shown full width, by tool-use id (kept while the view is torn down and started again). */
  fullWidth: Record<string, boolean>;
  /** What each view last gave the model, by tool-use id. */
  modelContexts: Record<string, AppModelContext>;
}

export const initialAppsState = (): AppsState => ({
  appViews: {},
  appViewErrors: {},
  fullWidth: {},
  modelContexts: {},
});
