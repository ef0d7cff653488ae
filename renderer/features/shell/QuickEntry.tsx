// The quick entry window (a global shortcut opens it): one question, asked into a new
// conversation that opens in a window of its own; this small window then closes. Escape closes it
// without asking.
import { useEffect, useState } from 'react';
import { useLena, useLenaActions } from '../../store';
import { settingsSelectors } from '../../store/settings/selectors';

export function QuickEntry() {
  const { askQuickQuestion, loadSettings, closeWindow } = useLenaActions();
  const theme = useLena(settingsSelectors.theme);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => void loadSettings(), [loadSettings]);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  const submit = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    const r = await askQuickQuestion(text.trim());
    setBusy(false);
    if (!r.ok) setError(`Not asked: ${r.error.message}`);
  };
  return (
    <main className="quick-entry">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1 id="quick-entry-heading">Ask Lena</h1>
        <textarea
          aria-label="Question"
          autoFocus
          rows={3}
          value={text}
          placeholder="Ask a question; it opens in a new conversation"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            } else if (e.key === 'Escape') closeWindow();
          }}
        />
        {error && (
          <p className="error small" role="alert">
            {error}
          </p>
        )}
        <div className="quick-entry-actions">
          <span className="muted small">Enter asks · Shift+Enter new line · Esc closes</span>
          <button type="submit" disabled={busy || !text.trim()}>
            Ask
          </button>
        </div>
      </form>
    </main>
  );
}
