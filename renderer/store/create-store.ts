// The store factory: one zustand store made of slices over an injected host. The window makes
// it over `window.lena` (store/index.ts); tests make it over a fake host (test/unit/renderer/store).
import { create, type StateCreator } from 'zustand';
import { createAppActions, type AppActions } from './app/actions';
import { createAppsActions, type AppsActions } from './apps/actions';
import { createAsksActions, type AsksActions } from './asks/actions';
import { initialAsksState, type AsksState } from './asks/initial-state';
import { initialAppsState, type AppsState } from './apps/initial-state';
import { initialAppState, type AppState } from './app/initial-state';
import { createChatActions, type ChatActions } from './chat/actions';
import { createChatControlsActions, type ChatControlsActions } from './chat-controls/actions';
import { initialChatState, type ChatState } from './chat/initial-state';
import { createConversationsActions, type ConversationsActions } from './conversations/actions';
import { initialConversationsState, type ConversationsState } from './conversations/initial-state';
import { createInspectorActions, type InspectorActions } from './inspector/actions';
import { initialInspectorState, type InspectorState } from './inspector/initial-state';
import { createPermissionsActions, type PermissionsActions } from './permissions/actions';
import { initialPermissionsState, type PermissionsState } from './permissions/initial-state';
import { createResourcesActions, type ResourcesActions } from './resources/actions';
import { initialResourcesState, type ResourcesState } from './resources/initial-state';
import { createRegistryActions, type RegistryActions } from './registry/actions';
import { createBundleActions, type BundleActions } from './registry/bundle-actions';
import { initialRegistryState, type RegistryState } from './registry/initial-state';
import { createServersActions, type ServersActions } from './servers/actions';
import { initialServersState, type ServersState } from './servers/initial-state';
import { createSettingsActions, type SettingsActions } from './settings/actions';
import { initialSettingsState, type SettingsState } from './settings/initial-state';
import type { GetState, SetState } from './slice';
import { createSkillsActions, type SkillsActions } from './skills/actions';
import { initialSkillsState, type SkillsState } from './skills/initial-state';
import { createAgentsActions, type AgentsActions } from './agents/actions';
import { initialAgentsState, type AgentsState } from './agents/initial-state';
import type { StoreHost } from './store-host';
import { createToastActions, type ToastActions } from './toast/actions';
import { initialToastState, type ToastState } from './toast/initial-state';
import { createWindowsActions, type WindowsActions } from './windows/actions';
import { initialWindowsState, type WindowsState } from './windows/initial-state';

export type LenaActions = AppActions &
  RegistryActions &
  BundleActions &
  ConversationsActions &
  ChatActions &
  ServersActions &
  PermissionsActions &
  AsksActions &
  SettingsActions &
  ToastActions &
  ResourcesActions &
  InspectorActions &
  ChatControlsActions &
  AppsActions &
  SkillsActions &
  WindowsActions &
  AgentsActions;

export type LenaData = AppState &
  RegistryState &
  ConversationsState &
  ChatState &
  ServersState &
  PermissionsState &
  AsksState &
  SettingsState &
  ToastState &
  ResourcesState &
  InspectorState &
  AppsState &
  SkillsState &
  WindowsState &
  AgentsState;

export type LenaState = LenaData & LenaActions;

/** Every slice's first state, one object per slice (a function: drafts and the window's width are read when a store is made). */
const initialParts = () => [
  initialAppState(),
  initialConversationsState(),
  initialChatState(),
  initialServersState(),
  initialRegistryState(),
  initialPermissionsState(),
  initialAsksState(),
  initialSettingsState(),
  initialToastState(),
  initialResourcesState(),
  initialInspectorState(),
  initialAppsState(),
  initialSkillsState(),
  initialWindowsState(),
  initialAgentsState(),
];

/** Every slice's first state. */
export const initialLenaData = (): LenaData => Object.assign({}, ...initialParts()) as LenaData;

/**
 * Each slice's state and actions, one object per slice. Slices share one namespace: a name two
 * slices use would silently replace the first (a test checks there is none).
 */
export const sliceParts = (set: SetState, get: GetState, host: StoreHost): object[] => [
  ...initialParts(),
  createAppActions(set, get, host),
  createConversationsActions(set, get, host),
  createChatActions(set, get, host),
  createServersActions(set, get, host),
  createRegistryActions(set, get, host),
  createBundleActions(set, get, host),
  createPermissionsActions(set, get, host),
  createAsksActions(set, get, host),
  createSettingsActions(set, get, host),
  createToastActions(set, get, host),
  createResourcesActions(set, get, host),
  createInspectorActions(set, get, host),
  createChatControlsActions(set, get, host),
  createAppsActions(set, get, host),
  createSkillsActions(set, get, host),
  createWindowsActions(set, get, host),
  createAgentsActions(set, get, host),
];

const slices =
  (host: StoreHost): StateCreator<LenaState, [], []> =>
  (set, get) =>
    Object.assign({}, ...sliceParts(set, get, host)) as LenaState;

/** Makes a store over `host`: a React hook (`useStore(selector)`) that is also the store's API. */
export function createLenaStore(host: StoreHost) {
  const useStore = create<LenaState>()(slices(host));
  // Actions never change after the store is made, so components take them once, not by subscribing.
  const state = useStore.getState();
  const actions = Object.fromEntries(
    Object.entries(state).filter(([, v]) => typeof v === 'function'),
  ) as unknown as LenaActions;
  return Object.assign(useStore, { actions });
}

export type LenaStore = ReturnType<typeof createLenaStore>;
