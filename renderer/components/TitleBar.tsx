// The title bar: project folder, server summary, settings.
import { useLena } from '../store';

export function TitleBar() {
  const setView = useLena((s) => s.setView);
  const view = useLena((s) => s.view);
  return (
    <header className="titlebar">
      <span className="titlebar-project" title="Project folder">
        No project folder
      </span>
      <span className="spacer" />
      <button className="ghost" aria-pressed={view === 'servers'} onClick={() => setView('servers')}>
        <span className="dot dot-grey" aria-hidden /> Servers
      </button>
      <button
        className="ghost icon"
        aria-label="Settings"
        title="Settings (Ctrl+,)"
        aria-pressed={view === 'settings'}
        onClick={() => setView('settings')}
      >
        ⚙
      </button>
    </header>
  );
}
