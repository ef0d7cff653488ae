// The window's layout: sidebar, title bar, and the main pane (chat, servers or settings).
import { useEffect } from 'react';
import { useLena } from './store';
import { selectSidebarOpen, selectView } from './store/selectors';
import { Sidebar } from './features/chat/Sidebar';
import { ChatPane } from './features/chat/ChatPane';
import { ServersPage } from './features/servers/ServersPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { TitleBar } from './components/TitleBar';
import { useShortcuts } from './components/use-shortcuts';

export function App() {
  const view = useLena(selectView);
  const sidebarOpen = useLena(selectSidebarOpen);
  const connect = useLena((s) => s.connect);
  const loadInfo = useLena((s) => s.loadInfo);
  const setView = useLena((s) => s.setView);
  const toggleSidebar = useLena((s) => s.toggleSidebar);

  useEffect(() => {
    const unsubscribe = connect();
    void loadInfo();
    return unsubscribe;
  }, [connect, loadInfo]);

  useShortcuts({
    'mod+b': toggleSidebar,
    'mod+,': () => setView('settings'),
  });

  return (
    <div className={`app ${sidebarOpen ? '' : 'sidebar-collapsed'}`}>
      {sidebarOpen && <Sidebar />}
      <main className="main" aria-label="Main">
        <TitleBar />
        {view === 'chat' && <ChatPane />}
        {view === 'servers' && <ServersPage />}
        {view === 'settings' && <SettingsPage />}
      </main>
    </div>
  );
}
