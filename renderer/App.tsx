// The window's layout: sidebar, title bar, and the main pane (chat, servers or settings) with any
// waiting question docked at its foot, toasts in a strip under the title bar, the theme applied and
// the window-wide shortcuts.
import { useEffect } from 'react';
import { ResourceViewer } from './features/resources/ResourceViewer';
import { cycleRegions, focusPage } from './components/focus-regions';
import { runEscape, useEscape } from './components/use-escape';
import { isNarrowWindow as isNarrowNow, useNarrowWindow } from './components/use-narrow';
import { useShortcuts } from './components/use-shortcuts';
import { ChatPane } from './features/chat/ChatPane';
import { FIND_FIELD_ID } from './features/chat/find/FindBar';
import { Sidebar } from './features/chat/Sidebar';
import { QuestionAnnouncer, QuestionHost } from './features/questions/QuestionHost';
import { ServersPage } from './features/servers/ServersPage';
import { useBundleDrop } from './features/servers/bundles/use-bundle-drop';
import { SettingsPage } from './features/settings/SettingsPage';
import { TitleBar } from './features/shell/TitleBar';
import { ProjectSheet } from './features/shell/ProjectSheet';
import { Toasts } from './features/shell/Toasts';
import { lastAssistantMessage, messageText } from './lib/chat-reducer';
import { useLena, useLenaActions } from './store';
import { appSelectors } from './store/app/selectors';
import { conversationsSelectors } from './store/conversations/selectors';
import { settingsSelectors } from './store/settings/selectors';

function copyLastAnswer() {
  const last = lastAssistantMessage(useLena.getState().openChat.value?.messages ?? []);
  if (!last) return false;
  void navigator.clipboard
    .writeText(messageText(last))
    .then(() => useLena.getState().pushToast({ message: 'Copied the last answer.' }, 2000));
  return true;
}

function stopTurn() {
  const s = useLena.getState();
  if (!s.openChat.value?.turnId) return false;
  void s.stop();
  return true;
}

function focusSearch() {
  const s = useLena.getState();
  if (!s.sidebarOpen) s.toggleSidebar();
  s.setSearchOpen(true);
  // Focus at once when the field is there, so keys typed right after Ctrl+K land in it.
  const field = document.getElementById('conversation-search');
  if (field) field.focus();
  else requestAnimationFrame(() => document.getElementById('conversation-search')?.focus());
}

/** Ctrl/Cmd+F: the find bar over the open conversation (focused, its text selected when open). */
function openFind(): boolean {
  const s = useLena.getState();
  if (s.view !== 'chat' || !s.activeId || !s.openChat.value?.messages.length) return false;
  const field = document.getElementById(FIND_FIELD_ID) as HTMLInputElement | null;
  if (field) field.select();
  else s.setFindOpen(true);
  return true;
}

export function App() {
  const view = useLena(appSelectors.view);
  const sidebarOpen = useLena(appSelectors.sidebarOpen);
  const theme = useLena(settingsSelectors.theme);
  const { connect, setView, toggleSidebar, newConversation, setSidebarOpen } = useLenaActions();

  useEffect(() => connect(), [connect]);
  useBundleDrop();
  // Crossing the narrow threshold: the sidebar is inline when wide and an overlay (closed at first) when narrow.
  const narrow = useNarrowWindow();
  useEffect(() => setSidebarOpen(!narrow), [narrow, setSidebarOpen]);
  // The overlay closes once the user has chosen where to go, and with Escape (focus back to its button).
  const activeId = useLena(conversationsSelectors.activeId);
  useEffect(() => {
    if (useLena.getState().sidebarOpen && isNarrowNow()) setSidebarOpen(false);
  }, [activeId, view, setSidebarOpen]);
  const closeOverlay = () => {
    toggleSidebar();
    document.querySelector<HTMLElement>('.sidebar-reopen')?.focus();
  };
  useEscape('overlay', closeOverlay, narrow && sidebarOpen);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  useShortcuts({
    'mod+n': () => void newConversation(),
    'mod+k': focusSearch,
    'mod+b': toggleSidebar,
    // Settings opens with focus in it (its heading), wherever focus was.
    'mod+,': () => {
      setView('settings');
      focusPage('Settings');
    },
    // F6 and Shift+F6 move between the regions: sidebar, conversation or page, composer, question.
    F6: () => cycleRegions(false),
    'shift+F6': () => cycleRegions(true),
    'mod+.': stopTurn,
    // The innermost surface first (overlay, form, page); the running turn only when none took it.
    Escape: () => runEscape() || stopTurn(),
    'mod+shift+c': copyLastAnswer,
    'mod+f': openFind,
  });

  return (
    <div className={`app ${sidebarOpen ? '' : 'sidebar-collapsed'}`}>
      {sidebarOpen && <Sidebar />}
      {sidebarOpen && narrow && (
        <div className="sidebar-backdrop" aria-hidden onClick={closeOverlay} />
      )}
      <main className="main" aria-label="Main">
        <TitleBar />
        <Toasts />
        {view === 'chat' && <ChatPane />}
        {view === 'servers' && <ServersPage />}
        {view === 'settings' && <SettingsPage />}
        {view !== 'chat' && <QuestionHost />}
      </main>
      <QuestionAnnouncer />
      <ResourceViewer />
      <ProjectSheet />
    </div>
  );
}
