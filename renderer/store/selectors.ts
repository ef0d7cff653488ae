// Pure selectors over the store, kept apart from the slices so components stay declarative.
import type { LenaState } from './index';

export const selectView = (s: LenaState) => s.view;
export const selectInfo = (s: LenaState) => s.info;
export const selectInfoError = (s: LenaState) => s.infoError;
export const selectSidebarOpen = (s: LenaState) => s.sidebarOpen;
