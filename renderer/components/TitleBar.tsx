// The title bar: project folder, the conversation's title, server summary, settings.
import { formatShortcut } from '../lib/shortcuts';
import { useLena } from '../store';
import { isMac } from './use-shortcuts';
import { ConversationActions } from './ConversationActions';
import { ProjectMenu } from './ProjectMenu';

export function TitleBar() {
  const view = useLena((s) => s.view);
  const setView = useLena((s) => s.setView);
  const activeId = useLena((s) => (s.view === 'chat' ? s.activeId : null));
  const title = useLena((s) => (s.view === 'chat' ? (s.conversations.find((c) => c.id === s.activeId)?.title ?? null) : null));
  const servers = useLena((s) => s.servers);
  const sidebarOpen = useLena((s) => s.sidebarOpen);
  const toggleSidebar = useLena((s) => s.toggleSidebar);
  const connected = servers.filter((s) => s.status === 'connected').length;
  // A server waiting for a sign-in is the user's move, not a failure: amber, and said in words.
  const signIn = servers.filter((s) => s.signIn?.state === 'required').length;
  const attention = servers.some((s) => s.status === 'failed' && s.signIn?.state !== 'required' && !s.restart) ? 'red' : signIn > 0 ? 'amber' : servers.some((s) => s.status === 'needs-approval' || s.status === 'connecting' || s.restart) ? 'amber' : connected > 0 ? 'green' : 'grey';
  return (
    <header className="titlebar">
      {/* Visible whenever the sidebar is hidden (by Ctrl+B or a narrow window), so it can always come back. */}
      <button className="ghost icon sidebar-reopen" aria-label={sidebarOpen ? "Hide the sidebar" : "Show the sidebar"} aria-expanded={sidebarOpen} title={`${sidebarOpen ? 'Hide' : 'Show'} the sidebar (${formatShortcut('mod+b', isMac())})`} onClick={toggleSidebar}>
        ☰
      </button>
      <ProjectMenu />
      {title && <span className="titlebar-title">{title}</span>}
      <span className="spacer" />
      {activeId && <ConversationActions id={activeId} />}
      <button className="ghost" aria-pressed={view === 'servers'} onClick={() => setView('servers')}>
        <span className={`dot dot-${attention}`} aria-hidden /> {servers.length === 0 ? 'Servers' : `${connected} of ${servers.length} servers`}
        {signIn > 0 && <span className="titlebar-signin"> · {signIn === 1 ? 'Sign in required' : `${signIn} need sign-in`}</span>}
      </button>
      <button className="ghost icon" aria-label="Settings" title="Settings (Ctrl+,)" aria-pressed={view === 'settings'} onClick={() => setView('settings')}>
        ⚙
      </button>
    </header>
  );
}
