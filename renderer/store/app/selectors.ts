// Pure selectors over the app-wide state.
import type { LenaState } from '../create-store';

export const appSelectors = {
  view: (s: LenaState) => s.view,
  info: (s: LenaState) => s.appInfo.value,
  infoError: (s: LenaState) => s.appInfo.error,
  logs: (s: LenaState) => s.logs,
  sidebarOpen: (s: LenaState) => s.sidebarOpen,
  composerFocus: (s: LenaState) => s.composerFocus,
};
