// Kept for branches written against the first selectors module; each slice has its own now.
import { appSelectors } from './app/selectors';

export const selectView = appSelectors.view;
export const selectInfo = appSelectors.info;
export const selectInfoError = (s: Parameters<typeof appSelectors.infoError>[0]) => appSelectors.infoError(s)?.message ?? null;
export const selectSidebarOpen = appSelectors.sidebarOpen;
