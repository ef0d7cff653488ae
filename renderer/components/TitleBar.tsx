// The title bar: project folder, the conversation's title, server summary, settings.
import { useLena } from '../store';
import { ConversationActions } from './ConversationActions';
import { ProjectMenu } from './ProjectMenu';

export function TitleBar() {
  const view = useLena((s) => s.view);
  const setView = useLena((s) => s.setView);
  const activeId = useLena((s) => (s.view === 'chat' ? s.activeId : null));
  const title = useLena((s) => (s.view === 'chat' ? (s.conversations.find((c) => c.id === s.activeId)?.title ?? null) : null));
  const servers = useLena((s) => s.servers);
  const connected = servers.filter((s) => s.status === 'connected').length;
  const attention = servers.some((s) => s.status === 'failed') ? 'red' : servers.some((s) => s.status === 'needs-approval' || s.status === 'connecting') ? 'amber' : connected > 0 ? 'green' : 'grey';
  return (
    <header className="titlebar">
      <ProjectMenu />
      {title && <span className="titlebar-title">{title}</span>}
      <span className="spacer" />
      {activeId && <ConversationActions id={activeId} />}
      <button className="ghost" aria-pressed={view === 'servers'} onClick={() => setView('servers')}>
        <span className={`dot dot-${attention}`} aria-hidden /> {servers.length === 0 ? 'Servers' : `${connected} of ${servers.length} servers`}
      </button>
      <button className="ghost icon" aria-label="Settings" title="Settings (Ctrl+,)" aria-pressed={view === 'settings'} onClick={() => setView('settings')}>
        ⚙
      </button>
    </header>
  );
}
