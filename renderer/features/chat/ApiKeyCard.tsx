// First run without a key: where to get one, and a field that stores it (never shown again).
import { useState } from 'react';
import { keyCheckWords } from '../../lib/key-check-words';
import { useLena, useLenaActions } from '../../store';
import { settingsSelectors } from '../../store/settings/selectors';

export function ApiKeyCard({ inputId = 'first-run-key' }: { inputId?: string }) {
  const { setApiKey, pushToast } = useLenaActions();
  const storage = useLena(settingsSelectors.settings)?.secretStorage ?? null;
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (key.trim() === '') return setError('Paste your API key first: it starts with “sk-ant-”.');
    setSaving(true);
    const r = await setApiKey(key.trim());
    setSaving(false);
    if (r.ok) setKey('');
    setError(r.ok ? null : `The key was not stored: ${r.error.message}`);
    // Stored without a check: said where the key went (the card itself leaves once a key is set).
    if (r.ok && r.value.apiKeyCheck?.state === 'not-checked')
      pushToast({ message: keyCheckWords(r.value.apiKeyCheck) }, 8000);
  };
  return (
    <section className="card first-run" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>Connect Lena to Claude</h2>
      <p className="muted">
        Lena talks to Claude with your own Anthropic API key. Create one at{' '}
        <span className="mono">console.anthropic.com</span> → Settings → API keys, then paste it
        here.
        {storage ? ` ${storage.description}` : ''}
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="sk-ant-…"
          aria-label="Anthropic API key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          className="grow"
        />
        <button className="primary" type="submit" disabled={saving}>
          {saving ? 'Checking…' : 'Save key'}
        </button>
      </form>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
