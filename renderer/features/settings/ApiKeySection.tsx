// The API key: whether one is set (never the key itself), replace or remove it, and where secrets
// are kept (with a warning when they do not survive a restart).
import { useState } from 'react';
import type { SettingsView } from '../../../shared/settings-types';
import { keyCheckWords } from '../../lib/key-check-words';
import { useLenaActions } from '../../store';

// Long: entering, saving and removing the key share the section's draft and status.
export function ApiKeySection({ settings }: { settings: SettingsView }) {
  const { setApiKey, clearApiKey } = useLenaActions();
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [checking, setChecking] = useState(false);
  const save = async () => {
    if (key.trim() === '') return setMessage({ text: 'Paste the key first.', error: true });
    setChecking(true);
    setMessage({ text: 'Checking the key…', error: false });
    const r = await setApiKey(key.trim());
    setChecking(false);
    if (r.ok) setKey('');
    setMessage(
      r.ok
        ? { text: keyCheckWords(r.value.apiKeyCheck), error: false }
        : { text: `The key was not stored: ${r.error.message}`, error: true },
    );
  };
  const clear = async () => {
    const r = await clearApiKey();
    setMessage(
      r.ok
        ? { text: 'Key removed.', error: false }
        : { text: `The key was not removed: ${r.error.message}`, error: true },
    );
  };
  return (
    <section className="card" aria-labelledby="key-heading">
      <h2 id="key-heading">Anthropic API key</h2>
      <p data-testid="api-key-state">
        {settings.apiKeySet ? (
          <>
            <span className="dot dot-green" aria-hidden /> A key is set.
          </>
        ) : (
          <>
            <span className="dot dot-grey" aria-hidden /> No key is set. Create one at{' '}
            <span className="mono">console.anthropic.com</span> → Settings → API keys.
          </>
        )}
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-label="New Anthropic API key"
          placeholder={settings.apiKeySet ? 'Paste a new key to replace it' : 'sk-ant-…'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          className="grow"
        />
        <button className="primary" type="submit" disabled={checking}>
          {settings.apiKeySet ? 'Replace key' : 'Save key'}
        </button>
        {settings.apiKeySet && (
          <button type="button" onClick={() => void clear()}>
            Remove key
          </button>
        )}
      </form>
      {message && (
        <p
          className={`small ${message.error ? 'error' : 'ok'}`}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      <p className="small muted" data-testid="secret-storage">
        {settings.secretStorage.description}
      </p>
      {!settings.secretStorage.persistent && (
        <p className="warning small" role="note">
          ⚠ This secret store does not survive a restart: you will need to enter the key again next
          time.
        </p>
      )}
    </section>
  );
}
