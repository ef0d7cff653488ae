// The tools a server added after its baseline, or changed since they were accepted: Claude does
// not see them until the user accepts each one. Shown on the server's overview ("2 new tools").
import { useState } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { useLenaActions } from '../../store';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 new tools · 1 changed tool", or null when nothing waits. */
export function pendingSummary(server: ServerStatus): string | null {
  const pending = server.pendingTools;
  if (!pending || pending.new.length + pending.changed.length === 0) return null;
  return [
    pending.new.length ? plural(pending.new.length, 'new tool') : null,
    pending.changed.length ? plural(pending.changed.length, 'changed tool') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function PendingTools({ server }: { server: ServerStatus }) {
  const { acceptDefinition, rejectTool } = useLenaActions();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const summary = pendingSummary(server);
  if (!summary || !server.pendingTools) return null;
  const rows = [
    ...server.pendingTools.new.map((name) => ({ name, kind: 'new' as const })),
    ...server.pendingTools.changed.map((name) => ({ name, kind: 'changed' as const })),
  ];
  const act = async (name: string, fn: typeof acceptDefinition) => {
    setBusy(name);
    const r = await fn(server.name, name);
    setBusy(null);
    setError(r.ok ? null : `${name}: ${r.error.message}`);
  };
  return (
    <section className="notice" aria-label="Tools waiting for you" data-testid="pending-tools">
      <p>
        <strong>{summary}</strong>: Claude does not see {rows.length === 1 ? 'it' : 'them'} until
        you accept {rows.length === 1 ? 'it' : 'each one'}. Review the description on the Tools tab
        first.
      </p>
      <ul role="list" className="pending-tools">
        {rows.map((row) => (
          <li key={row.name} className="row">
            <strong className="mono">{row.name}</strong>
            <span className="muted small">
              {row.kind === 'new'
                ? 'added after you approved the server'
                : 'definition changed since you accepted it'}
            </span>
            <span className="spacer" />
            <button
              className="small-button"
              disabled={busy !== null}
              aria-label={`Accept ${row.name}`}
              onClick={() => void act(row.name, acceptDefinition)}
            >
              Accept
            </button>
            <button
              className="small-button"
              disabled={busy !== null}
              aria-label={`Reject ${row.name}`}
              onClick={() => void act(row.name, rejectTool)}
            >
              Reject
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
