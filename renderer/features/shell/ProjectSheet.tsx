// The open project's sheet: what Lena keeps for the folder in its own home (never in the folder):
// instructions for its conversations, pinned files with their token cost (a warning past a fifth
// of the model's context), the model and tool switches its new conversations start with.
import { useEffect, useRef, useState } from 'react';
import { PINNED_KINDS, type ProjectPrefsView } from '../../../shared/projects';
import { ErrorNote } from '../../components/ErrorNote';
import { useEscape } from '../../components/use-escape';
import { formatTokens } from '../../lib/format';
import { limitText } from '../chat/ContextMeter';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import type { UiError } from '../../store/result';
import { settingsSelectors } from '../../store/settings/selectors';

function toolsText(tools: ProjectPrefsView['tools']): string {
  if (!tools) return 'The global switches (the servers page).';
  const off = tools.offServers.length;
  const changed = Object.keys(tools.tools).length;
  return `Its own: ${off} ${off === 1 ? 'server' : 'servers'} off, ${changed} ${changed === 1 ? 'tool' : 'tools'} switched.`;
}

export function ProjectSheet() {
  const open = useLena(settingsSelectors.projectSheetOpen);
  if (!open) return null;
  return <Sheet />;
}

// Long: one form whose fields share the saved view and the error line.
function Sheet() {
  const prefs = useLena(settingsSelectors.projectPrefs);
  const models = useLena(chatSelectors.models) ?? [];
  const settingsModel = useLena(settingsSelectors.settings)?.model ?? '';
  const activeTools = useLena(conversationsSelectors.active)?.tools ?? null;
  const { setProjectSheet, saveProjectPrefs } = useLenaActions();
  const view = prefs.value;
  const [instructions, setInstructions] = useState('');
  const [path, setPath] = useState('');
  const [error, setError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => void setProjectSheet(false);
  useEscape('overlay', close);
  useEffect(() => setInstructions(view?.instructions ?? ''), [view?.folder, view?.instructions]);
  useEffect(() => heading.current?.focus(), []);
  const save = async (change: Parameters<typeof saveProjectPrefs>[0]) => {
    const r = await saveProjectPrefs(change);
    setError(r.ok ? null : r.error);
    setSaved(r.ok);
    return r.ok;
  };
  const pin = async () => {
    if (!view || !path.trim()) return;
    if (await save({ pinned: [...view.pinned.map((f) => f.path), path.trim()] })) setPath('');
  };
  return (
    <div className="sheet-backdrop" onClick={close}>
      <div
        className="project-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="project-sheet-title"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="row">
          <h2 id="project-sheet-title" ref={heading} tabIndex={-1}>
            Project settings
          </h2>
          <span className="spacer" />
          <button onClick={close}>Close</button>
        </div>
        {!view ? (
          prefs.error ? (
            <ErrorNote title="The project's settings could not be read" error={prefs.error} />
          ) : (
            <p className="muted small">Loading…</p>
          )
        ) : (
          <>
            <p className="muted small">
              <code>{view.folder}</code> · kept in Lena&apos;s home, never in the folder.
            </p>
            <label className="field">
              <span>Instructions for its conversations</span>
              <textarea
                rows={6}
                value={instructions}
                placeholder="What Claude should know or do in every conversation of this project"
                onChange={(e) => {
                  setInstructions(e.target.value);
                  setSaved(false);
                }}
              />
            </label>
            <div className="row">
              <button
                className="primary"
                disabled={instructions === view.instructions}
                onClick={() => void save({ instructions })}
              >
                Save instructions
              </button>
              {saved && <span className="muted small">Saved.</span>}
            </div>
            <h3>Pinned files</h3>
            <p className="muted small">
              Given to Claude once, at the start of each new conversation of the project:{' '}
              {PINNED_KINDS}.
            </p>
            <ul className="pinned-files" data-testid="pinned-files">
              {view.pinned.map((f) => (
                <li key={f.path} className="row">
                  <code className="grow" title={f.path}>
                    {f.name}
                  </code>
                  {f.error ? (
                    <span className="error small">Not given: {f.error}</span>
                  ) : (
                    <span className="muted small">≈ {formatTokens(f.tokens)}</span>
                  )}
                  <button
                    className="small-button"
                    aria-label={`Unpin ${f.name}`}
                    onClick={() =>
                      void save({
                        pinned: view.pinned.filter((x) => x.path !== f.path).map((x) => x.path),
                      })
                    }
                  >
                    Unpin
                  </button>
                </li>
              ))}
              {view.pinned.length === 0 && <li className="muted small">No pinned files.</li>}
            </ul>
            <p className="small" data-testid="pinned-total">
              {view.pinned.length > 0 &&
                `Altogether ≈ ${formatTokens(view.pinnedTokens)}${view.contextLimit ? ` of the model's ${limitText(view.contextLimit)} context window` : ''}.`}
            </p>
            {view.warning && (
              <p className="warning small" role="status">
                {view.warning}
              </p>
            )}
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                void pin();
              }}
            >
              <input
                className="mono grow"
                aria-label="File to pin (absolute path)"
                placeholder="/full/path/to/notes.md, report.pdf or chart.png"
                value={path}
                onChange={(e) => setPath(e.target.value)}
              />
              <button type="submit" disabled={!path.trim()}>
                Pin file
              </button>
            </form>
            <label className="field">
              <span>Model of its new conversations</span>
              <select
                value={view.model ?? ''}
                onChange={(e) => void save({ model: e.target.value || null })}
              >
                <option value="">The model in Settings ({settingsModel})</option>
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.displayName}
                  </option>
                ))}
                {view.model && !models.some((m) => m.id === view.model) && (
                  <option value={view.model}>{view.model}</option>
                )}
              </select>
            </label>
            <h3>Tool switches of its new conversations</h3>
            <div className="row">
              <span className="small grow" data-testid="project-tools">
                {toolsText(view.tools)}
              </span>
              <button
                className="small-button"
                disabled={!activeTools}
                title="The servers and tools switched in the open conversation's tools menu"
                onClick={() => void save({ tools: activeTools })}
              >
                Use the open conversation&apos;s
              </button>
              <button
                className="small-button"
                disabled={!view.tools}
                onClick={() => void save({ tools: null })}
              >
                Use the global switches
              </button>
            </div>
          </>
        )}
        {error && <ErrorNote title="Not saved" error={error} />}
      </div>
    </div>
  );
}
