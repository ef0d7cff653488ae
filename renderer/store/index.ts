// The window's one zustand store, made by the factory over `window.lena`. Components read it with
// the slices' selectors (`useLena(serversSelectors.servers)`) and take actions from `useLenaActions()`.
import { createLenaStore, type LenaActions } from './create-store';
import { windowHost } from './store-host';

export type { LenaActions, LenaData, LenaState } from './create-store';

export const useLena = createLenaStore(windowHost);

/** The store's actions: stable for the store's life, so reading them subscribes to nothing. */
export const useLenaActions = (): LenaActions => useLena.actions;
