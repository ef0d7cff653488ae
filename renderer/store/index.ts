// The one zustand store, made of slices (state and actions side by side).
import { create } from 'zustand';
import { createAppSlice, type AppSlice } from './app-slice';
import { createAppsSlice, type AppsSlice } from './apps-slice';
import { createChatSlice, type ChatSlice } from './chat-slice';
import { createChatControlsSlice, type ChatControlsSlice } from './chat-controls-slice';
import { createConversationsSlice, type ConversationsSlice } from './conversations-slice';
import { createPermissionsSlice, type PermissionsSlice } from './permissions-slice';
import { createQuestionsSlice, type QuestionsSlice } from './questions-slice';
import { createServerQuestionsSlice, type ServerQuestionsSlice } from './server-questions-slice';
import { createResourcesSlice, type ResourcesSlice } from './resources-slice';
import { createInspectorSlice, type InspectorSlice } from './inspector-slice';
import { createServersSlice, type ServersSlice } from './servers-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createToastSlice, type ToastSlice } from './toast-slice';

export type LenaState = AppSlice & ConversationsSlice & ChatSlice & ServersSlice & PermissionsSlice & QuestionsSlice & ServerQuestionsSlice & SettingsSlice & ToastSlice & ResourcesSlice & InspectorSlice & ChatControlsSlice & AppsSlice;

export const useLena = create<LenaState>()((...a) => ({
  ...createAppSlice(...a),
  ...createConversationsSlice(...a),
  ...createChatSlice(...a),
  ...createServersSlice(...a),
  ...createPermissionsSlice(...a),
  ...createQuestionsSlice(...a),
  ...createServerQuestionsSlice(...a),
  ...createSettingsSlice(...a),
  ...createToastSlice(...a),
  ...createResourcesSlice(...a),
  ...createInspectorSlice(...a),
  ...createChatControlsSlice(...a),
  ...createAppsSlice(...a),
}));
