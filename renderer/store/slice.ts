// The shape every slice's actions take: zustand's set/get over the whole store, plus the host the
// store was made with (the window's, or a fake one in tests).
import type { StoreApi } from 'zustand';
import type { LenaState } from './create-store';
import type { StoreHost } from './store-host';

export type SetState = StoreApi<LenaState>['setState'];
export type GetState = StoreApi<LenaState>['getState'];
export type ActionsCreator<A> = (set: SetState, get: GetState, host: StoreHost) => A;
