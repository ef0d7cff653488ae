// Which MCP Registry Browse reads, and a way to point it at another (a company's sub-registry):
// the `registryUrl` setting, checked with the very rule settings:update applies, saved, then the
// current search run again against the new registry. Empty means the official registry.
import { useState } from 'react';
import { settingsFields } from '../../../../shared/settings-fields';
import { ErrorNote } from '../../../components/ErrorNote';
import { useEscape } from '../../../components/use-escape';
import { useLena, useLenaActions } from '../../../store';
import type { UiError } from '../../../store/result';
import { settingsSelectors } from '../../../store/settings/selectors';

/** The problem with a typed registry URL, or null when it can be saved ('' = the official one). */
export function registryUrlProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const r = settingsFields.registryUrl.safeParse(text);
  const message = r.success ? null : (r.error.issues[0]?.message ?? 'not a URL');
  return message === null ? null : `${message[0].toUpperCase()}${message.slice(1)}.`;
}

export function RegistrySource({ shown, query }: { shown: string | null; query: string }) {
  const settings = useLena(settingsSelectors.settingsLoad).value;
  const { updateSettings, searchRegistry } = useLenaActions();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const saved = settings?.registryUrl ?? null;
  // Escape cancels the edit before it closes the page.
  useEscape('form', () => setDraft(null), draft !== null);
  const save = async (url: string | null) => {
    const r = await updateSettings({ registryUrl: url });
    setError(r.ok ? null : r.error);
    if (!r.ok) return;
    setDraft(null);
    void searchRegistry(query);
  };
  if (draft === null)
    return (
      <div className="row small">
        {shown && <span className="muted">From {shown}</span>}
        <span className="spacer" />
        <button onClick={() => setDraft(saved ?? '')}>Change registry…</button>
      </div>
    );
  const problem = registryUrlProblem(draft);
  return (
    <form
      className="stack small"
      aria-label="Registry"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) void save(draft.trim() === '' ? null : draft.trim());
      }}
    >
      <label className="field">
        <span>Registry URL (empty for the official MCP Registry)</span>
        <input
          className="mono"
          aria-label="Registry URL"
          aria-invalid={problem !== null}
          placeholder="https://registry.modelcontextprotocol.io"
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
        {problem && (
          <span className="error small" role="alert">
            {problem}
          </span>
        )}
      </label>
      {error && <ErrorNote title="Registry not saved" error={error} />}
      <div className="row">
        <button className="primary" type="submit" disabled={problem !== null}>
          Save and search
        </button>
        {saved !== null && (
          <button type="button" onClick={() => void save(null)}>
            Use the official registry
          </button>
        )}
        <button type="button" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
