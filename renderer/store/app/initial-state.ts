// App-wide state: versions from the core, the log feed, which view the main pane shows.
import type { AppInfo, LogEntry } from '../../../shared/app-types';
import { isNarrowWindow } from '../../components/use-narrow';
import { idle, type Loadable } from '../loadable';

export type View = 'chat' | 'servers' | 'settings';

export interface AppState {
  appInfo: Loadable<AppInfo>;
  logs: LogEntry[];
  view: View;
  sidebarOpen: boolean;
  /** Bumped when the caret belongs in the composer (new or chosen conversation); the composer follows it. */
  composerFocus: number;
  /** The last `composerFocus` a composer acted on: a remounted composer does not take focus twice. */
  composerFocusHandled: number;
}

export const initialAppState = (): AppState => ({
  appInfo: idle(),
  logs: [],
  view: 'chat',
  // A narrow window starts with the sidebar closed (it opens as an overlay there).
  sidebarOpen: !isNarrowWindow(),
  composerFocus: 0,
  composerFocusHandled: 0,
});
