// The project sheet's state in the settings slice, and "Move to project…" in the conversations
// slice, against a fake host.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/chat/conversations';
import type { ProjectPrefsView } from '../../../../../shared/projects';
import { settingsSelectors } from '../../../../../renderer/store/settings/selectors';
import { conversationsSelectors } from '../../../../../renderer/store/conversations/selectors';
import { storeWithFakeHost } from '../fake-host';

const FOLDER = '/work/harbour';
const prefs = (extra: Partial<ProjectPrefsView> = {}): ProjectPrefsView => ({
  folder: FOLDER,
  instructions: '',
  pinned: [],
  pinnedTokens: 0,
  model: null,
  tools: null,
  contextLimit: 200_000,
  warning: null,
  ...extra,
});
const conversation = (project: string | null): ConversationSummary => ({
  id: 'c1',
  title: 'Tides',
  createdAt: 1,
  updatedAt: 1,
  model: null,
  messageCount: 2,
  project,
});

describe('the project sheet', () => {
  it('opens only with a folder open, loads that folder’s preferences, and saves changes for it', async () => {
    const { host, store } = storeWithFakeHost();
    await store.getState().setProjectSheet(true);
    expect(settingsSelectors.projectSheetOpen(store.getState())).toBe(false);

    host.on('project:get', () => ({ folder: FOLDER, recent: [], mcpFile: null }));
    host.on('project:prefs', () => prefs({ instructions: 'Be brief.' }));
    await store.getState().loadProject();
    await store.getState().setProjectSheet(true);
    expect(settingsSelectors.projectSheetOpen(store.getState())).toBe(true);
    expect(settingsSelectors.projectPrefs(store.getState()).value?.instructions).toBe('Be brief.');

    host.on('project:set-prefs', (args) => prefs({ instructions: args.instructions }));
    const r = await store.getState().saveProjectPrefs({ instructions: 'Be briefer.' });
    expect(r.ok).toBe(true);
    expect(host.calls.at(-1)).toEqual({
      channel: 'project:set-prefs',
      args: { folder: FOLDER, instructions: 'Be briefer.' },
    });
    expect(settingsSelectors.projectPrefs(store.getState()).value?.instructions).toBe(
      'Be briefer.',
    );
  });

  it('moves a conversation to another project and the list shows it there', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('conversations:list', () => [conversation(FOLDER)]);
    await store.getState().loadConversations();
    host.on('conversations:move', ({ project }) => conversation(project));
    const r = await store.getState().moveConversation('c1', '/work/lighthouse');
    expect(r.ok).toBe(true);
    expect(conversationsSelectors.byId('c1')(store.getState())?.project).toBe('/work/lighthouse');
  });
});
