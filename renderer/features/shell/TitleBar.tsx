// The title bar: project folder, the conversation's title, server summary, settings.
import { useShallow } from 'zustand/react/shallow';
import { isMac } from '../../components/use-shortcuts';
import { formatShortcut } from '../../lib/shortcuts';
import { useLena, useLenaActions } from '../../store';
import { appSelectors } from '../../store/app/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { ConversationActions } from '../chat/ConversationActions';
import { ProjectMenu } from './ProjectMenu';

export function TitleBar() {
  const view = useLena(appSelectors.view);
  const { setView, toggleSidebar } = useLenaActions();
  const open = useLena(conversationsSelectors.activeId);
  const openTitle = useLena(conversationsSelectors.activeTitle);
  const activeId = view === 'chat' ? open : null;
  const title = view === 'chat' ? openTitle : null;
  const { total, connected, signIn, attention } = useLena(useShallow(serversSelectors.summary));
  const sidebarOpen = useLena(appSelectors.sidebarOpen);
  return (
    <header className="titlebar">
      {/* Visible whenever the sidebar is hidden (by Ctrl+B or a narrow window), so it can always come back. */}
      <button
        className="ghost icon sidebar-reopen"
        aria-label={sidebarOpen ? 'Hide the sidebar' : 'Show the sidebar'}
        aria-expanded={sidebarOpen}
        title={`${sidebarOpen ? 'Hide' : 'Show'} the sidebar (${formatShortcut('mod+b', isMac())})`}
        onClick={toggleSidebar}
      >
        ☰
      </button>
      <ProjectMenu />
      {title && <span className="titlebar-title">{title}</span>}
      <span className="spacer" />
      {activeId && <ConversationActions id={activeId} />}
      <button
        className="ghost"
        aria-pressed={view === 'servers'}
        onClick={() => setView('servers')}
      >
        <span className={`dot dot-${attention}`} aria-hidden />{' '}
        {total === 0 ? 'Servers' : `${connected} of ${total} servers`}
        {signIn > 0 && (
          <span className="titlebar-signin">
            {' '}
            · {signIn === 1 ? 'Sign in required' : `${signIn} need sign-in`}
          </span>
        )}
      </button>
      <button
        className="ghost icon"
        aria-label="Settings"
        title={`Settings (${formatShortcut('mod+,', isMac())})`}
        aria-pressed={view === 'settings'}
        onClick={() => setView('settings')}
      >
        ⚙
      </button>
    </header>
  );
}
