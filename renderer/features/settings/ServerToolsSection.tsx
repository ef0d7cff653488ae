// Anthropic's server tools: web search and web fetch run at Anthropic, not on this computer, and
// outside Lena's permission gate, so each is off until the user switches it on, and the switch says
// what it can reach. Web fetch reaches only URLs that appear in the conversation, plus the domains
// listed here.
import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/settings-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i;

// Long: every server's tool switches and their search share the filter state.
export function ServerToolsSection({ settings }: { settings: SettingsView }) {
  const { updateSettings } = useLenaActions();
  const current = settings.serverTools;
  const [domains, setDomains] = useState(current.webFetchDomains.join('\n'));
  const [error, setError] = useState<UiError | null>(null);
  useEffect(() => setDomains(current.webFetchDomains.join('\n')), [current.webFetchDomains]);
  const list = domains
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.filter((d) => !DOMAIN.test(d));
  const save = async (patch: Partial<SettingsView['serverTools']>) => {
    const r = await updateSettings({ serverTools: { ...current, ...patch } });
    setError(r.ok ? null : r.error);
  };
  return (
    <section className="card" aria-labelledby="server-tools-heading">
      <h2 id="server-tools-heading">Anthropic server tools</h2>
      <p className="muted small">
        These run at Anthropic, not on this computer, and do not pass through Lena’s permission
        dialog: Claude uses them whenever it decides to. Each call is shown on its card, marked as
        run by Anthropic.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={current.webSearch}
          onChange={(e) => void save({ webSearch: e.target.checked })}
        />
        <span>
          Web search{' '}
          <span className="muted small">
            — Claude can search the public web (at most 5 searches per answer). Your question’s
            words are sent to the search.
          </span>
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={current.webFetch}
          onChange={(e) => void save({ webFetch: e.target.checked })}
        />
        <span>
          Web fetch{' '}
          <span className="muted small">
            — Claude can read web pages whose address appears in the conversation (you typed it, or
            a search found it), and any page on the domains below.
          </span>
        </span>
      </label>
      <label className="field">
        <span>Domains web fetch may also reach (one per line; none by default)</span>
        <textarea
          aria-label="Web fetch domains"
          rows={3}
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          disabled={!current.webFetch}
        />
        {bad.length > 0 && (
          <span className="error small" role="alert">
            Not a domain: {bad.join(', ')}. Write names like docs.example.com, without https://.
          </span>
        )}
      </label>
      <div className="row">
        <button
          disabled={
            !current.webFetch ||
            bad.length > 0 ||
            list.join('\n') === current.webFetchDomains.join('\n')
          }
          onClick={() => void save({ webFetchDomains: list })}
        >
          Save domains
        </button>
      </div>
      {error && <ErrorNote title="Settings not saved" error={error} />}
    </section>
  );
}
