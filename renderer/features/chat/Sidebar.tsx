// The sidebar: new conversation, search, the conversation list, and the servers entry.
import { useLena } from '../../store';

export function Sidebar() {
  const setView = useLena((s) => s.setView);
  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="sidebar-top">
        <button className="primary wide" onClick={() => setView('chat')} title="New conversation (Ctrl+N)">
          + New conversation
        </button>
        <input className="search" type="search" placeholder="Search  Ctrl+K" aria-label="Search conversations" />
      </div>
      <div className="conversation-list" role="list">
        <p className="muted small empty-note">Your conversations will appear here.</p>
      </div>
      <button className="sidebar-servers ghost" onClick={() => setView('servers')}>
        <span>Servers</span>
        <span className="muted small">none configured</span>
      </button>
    </nav>
  );
}
