// What this server may ask of Lena, on its page: the folders it may see (roots: the open project
// unless "Share the project folder" is off, plus folders added here) and whether its sampling
// requests are reviewed before they go to Claude.
import { useEffect, useState } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import type { UiError } from '../../store/result';

export function AsksPanel({ server }: { server: ServerStatus }) {
  const asks = useLena(serversSelectors.asks(server.name));
  const { loadAsks, setAsks } = useLenaActions();
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<UiError | null>(null);
  useEffect(() => void loadAsks(server.name), [server.name, loadAsks]);
  if (!asks) return null;
  const change = async (c: Parameters<typeof setAsks>[1]) => {
    const r = await setAsks(server.name, c);
    setError(r.ok ? null : r.error);
    return r.ok;
  };
  const add = async () => {
    if (folder.trim() && (await change({ roots: [...asks.roots, folder.trim()] }))) setFolder('');
  };
  return (
    <section className="asks-panel" aria-label="What this server may ask">
      <h3>Folders it may see (roots)</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={asks.shareProject}
          onChange={(e) => void change({ shareProject: e.target.checked })}
        />
        Share the project folder
      </label>
      <ul className="small" data-testid="server-roots">
        <li className={asks.shareProject ? '' : 'muted'}>
          {asks.projectFolder ? (
            <>
              <code>{asks.projectFolder}</code>{' '}
              <span className="muted">
                {asks.shareProject ? '(the open project)' : '(the open project, not shared)'}
              </span>
            </>
          ) : (
            <span className="muted">No project folder is open.</span>
          )}
        </li>
        {asks.roots.map((r) => (
          <li key={r}>
            <code>{r}</code>{' '}
            <button
              className="small-button"
              onClick={() => void change({ roots: asks.roots.filter((x) => x !== r) })}
              aria-label={`Remove ${r}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <input
          className="grow"
          aria-label="Folder to add (absolute path)"
          placeholder="/full/path/to/folder"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void add()}
        />
        <button onClick={() => void add()} disabled={!folder.trim()}>
          Add folder
        </button>
      </div>
      <h3>Sampling</h3>
      {asks.sampling === 'always' ? (
        <p className="small">
          Its requests to Claude are sent without review (you still see each answer).{' '}
          <button className="small-button" onClick={() => void change({ sampling: 'ask' })}>
            Review each request again
          </button>
        </p>
      ) : (
        <p className="small muted">Each request it makes to Claude is shown to you first.</p>
      )}
      <p className="small" data-testid="sampling-usage">
        {asks.samplingUsage
          ? `Its requests have used ${asks.samplingUsage.inputTokens.toLocaleString()} input and ${asks.samplingUsage.outputTokens.toLocaleString()} output tokens of your key (${asks.samplingUsage.requests} ${asks.samplingUsage.requests === 1 ? 'request' : 'requests'} since ${new Date(asks.samplingUsage.since).toLocaleDateString()}).`
          : 'It has not used your key for sampling yet.'}
      </p>
      {error && <ErrorNote title="That did not work" error={error} />}
    </section>
  );
}
