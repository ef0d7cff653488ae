// The chat pane: message list and composer. Until a conversation exists, an empty state says
// what goes here and offers the first step.
import { useLena } from '../../store';

export function ChatPane() {
  const setView = useLena((s) => s.setView);
  return (
    <section className="chat" aria-label="Chat">
      <div className="messages empty-state">
        <h1>Start a conversation</h1>
        <p className="muted">Ask Claude anything. Tools from your MCP servers appear here as cards you approve.</p>
        <div className="row">
          <button className="primary" onClick={() => setView('settings')}>Add your Anthropic API key</button>
          <button onClick={() => setView('servers')}>Add a server</button>
        </div>
      </div>
      <form className="composer" onSubmit={(e) => e.preventDefault()}>
        <textarea rows={2} placeholder="Message Claude…" aria-label="Message" />
        <div className="composer-bar">
          <span className="muted small">Enter to send · Shift+Enter for a new line</span>
          <span className="spacer" />
          <button className="primary" type="submit">Send</button>
        </div>
      </form>
    </section>
  );
}
