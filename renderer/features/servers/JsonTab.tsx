// The JSON view of a server's entry (or the whole config file): validated as you type against
// core's rules, errors listed at their line, Save disabled while invalid, Revert to what is saved.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Spinner } from '../../components/Delayed';
import type { ServerEntry } from '../../../shared/server-config';
import { ErrorNote } from '../../components/ErrorNote';
import { validateEntryText, validateFileText, type EditorIssue } from '../../lib/config-validate';
import type { UiError } from '../../store/result';
import { hasMaskedValues } from './json-mask';

// CodeMirror is most of the window's code and only this tab needs it: load it when first opened.
const JsonEditor = lazy(() => import('./JsonEditor').then((m) => ({ default: m.JsonEditor })));

export interface JsonTabProps {
  /** What is saved now. */
  saved: string;
  /** Entry mode validates one server; file mode a whole `{"mcpServers": …}` document. */
  mode: { kind: 'entry'; name: string } | { kind: 'file' };
  onSave(text: string, entry: ServerEntry | null): Promise<UiError | null>;
}

// Long: the editor, parse errors, masking and save share the tab's text state.
export function JsonTab({ saved, mode, onSave }: JsonTabProps) {
  const [text, setText] = useState(saved);
  const [error, setError] = useState<UiError | null>(null);
  const [done, setDone] = useState(false);
  // Values the form masks (env, headers) are masked here too until Reveal.
  const [revealed, setRevealed] = useState(false);
  const maskable = hasMaskedValues(text);
  const validate = useMemo(
    () =>
      (t: string): EditorIssue[] => {
        const r = mode.kind === 'entry' ? validateEntryText(t, mode.name) : validateFileText(t);
        return r.ok ? [] : r.issues;
      },
    [mode],
  );
  const issues = validate(text);
  const save = async () => {
    const r = mode.kind === 'entry' ? validateEntryText(text, mode.name) : null;
    const e = await onSave(text, r && r.ok ? r.entry : null);
    setError(e);
    setDone(e === null);
  };
  return (
    <div className="json-tab">
      {maskable && (
        <p className="muted small row">
          {revealed
            ? 'Environment and header values are shown.'
            : 'Environment and header values are masked, as in the form.'}{' '}
          <button type="button" className="small-button" onClick={() => setRevealed(!revealed)}>
            {revealed ? 'Hide values' : 'Reveal values'}
          </button>
        </p>
      )}
      <Suspense fallback={<Spinner label="Loading the editor…" />}>
        <JsonEditor
          value={text}
          onChange={(t) => {
            setText(t);
            setDone(false);
          }}
          validate={validate}
          label={mode.kind === 'entry' ? `JSON of ${mode.name}` : 'Configuration file'}
          masked={!revealed}
        />
      </Suspense>
      {issues.length > 0 ? (
        // The alert wraps the list: role="alert" on the <ul> itself would stop it being a list.
        <div role="alert" aria-label="Problems">
          <ul className="issues" aria-label="Problems">
            {issues.map((i, n) => (
              <li key={n} className="error small">
                <span className="mono">Line {i.line}:</span> {i.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="muted small">Valid. {text === saved ? 'No changes.' : 'Not saved yet.'}</p>
      )}
      {error && <ErrorNote title="Not saved" error={error} />}
      {done && (
        <p className="ok small" role="status">
          Saved.
        </p>
      )}
      <div className="row">
        <button
          className="primary"
          disabled={issues.length > 0 || text === saved}
          onClick={() => void save()}
        >
          Save
        </button>
        <button
          disabled={text === saved}
          onClick={() => {
            setText(saved);
            setError(null);
          }}
        >
          Revert
        </button>
      </div>
    </div>
  );
}
