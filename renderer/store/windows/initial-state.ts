// Many windows: what this window opened on (its page URL says) and what the others show.
import { parseWindowQuery, type WindowStart } from '../../../shared/window-query';

export interface WindowsState {
  /** Read once from the page URL: a conversation to open, or the quick entry. */
  windowStart: WindowStart;
  /** Conversations other windows show, as core said when this one last changed what it shows. */
  shownElsewhere: string[];
}

export const initialWindowsState = (): WindowsState => ({
  windowStart: typeof location === 'undefined' ? {} : parseWindowQuery(location.search),
  shownElsewhere: [],
});
