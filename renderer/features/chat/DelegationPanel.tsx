// A delegation to an A2A agent on its tool card: the task's state and latest status message, and
// the artifacts as they stream (text shown in part; the whole result stays with the call). An
// artifact too large for Claude is kept as a file the user can save or show in its folder, never
// open from here: an agent's file could be a program.
import { useState } from 'react';
import type { DelegationArtifact, DelegationView } from '../../../shared/a2a';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { formatBytes } from '../../lib/format';
import { useLenaActions } from '../../store';

const STATE_WORD: Record<DelegationView['state'], string> = {
  submitted: 'Submitted',
  working: 'Working',
  'input-required': 'Input required',
  'auth-required': 'Sign-in required',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  rejected: 'Rejected',
  unknown: 'Unknown',
};

const SHOWN_CHARS = 2000;

/** The live view, or the one stored with the finished call's result. */
export function delegationOf(call: ToolCallView): DelegationView | null {
  if (call.delegation) return call.delegation;
  const stored = (call.result as { structuredContent?: { delegation?: DelegationView } } | null)
    ?.structuredContent?.delegation;
  return stored ?? null;
}

export function DelegationPanel({ view }: { view: DelegationView }) {
  return (
    <div className="delegation" data-testid="delegation" data-state={view.state}>
      <p className="small">
        <span className="badge" data-testid="delegation-state">
          {STATE_WORD[view.state]}
        </span>{' '}
        {view.status && <span data-testid="delegation-status">{view.status}</span>}
      </p>
      <p className="muted small">
        Task {view.taskId ?? '—'}
        {view.rounds > 0 ? ` · ${view.rounds} question(s) answered` : ''}
      </p>
      {view.advice && (
        <p className="small" data-testid="delegation-advice">
          {view.advice}
        </p>
      )}
      {view.artifacts.map((a) => (
        <div key={a.name} className="delegation-artifact" data-testid="delegation-artifact">
          <p className="small">
            <strong>{a.name}</strong> <span className="muted">({formatBytes(a.bytes)})</span>
          </p>
          {a.text && (
            <pre className="small">
              {a.text.length > SHOWN_CHARS ? `${a.text.slice(0, SHOWN_CHARS)}…` : a.text}
            </pre>
          )}
          {a.files.length > 0 && <p className="muted small">Files: {a.files.join('; ')}</p>}
          {a.path && <KeptFile taskId={view.taskId} artifact={a} path={a.path} />}
          {a.notKept && (
            <p className="small" data-testid="delegation-artifact-not-kept">
              {a.notKept}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** What the last action on a kept file came to: a line under its buttons. */
type FileNote = { text: string; error: boolean } | null;

/** An artifact kept as a file: its name and size, "Save as…" and "Show in folder". */
function KeptFile({
  taskId,
  artifact,
  path,
}: {
  taskId: string | null;
  artifact: DelegationArtifact;
  path: string;
}) {
  const { saveAgentArtifact, showAgentArtifact } = useLenaActions();
  const [note, setNote] = useState<FileNote>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<FileNote>) => {
    setBusy(true);
    setNote(await action());
    setBusy(false);
  };
  const save = () =>
    run(async () => {
      const r = await saveAgentArtifact(taskId, artifact.name);
      if (!r.ok) return { text: r.error.message, error: true };
      return r.value.saved ? { text: `Saved to ${r.value.saved}`, error: false } : null;
    });
  const show = () =>
    run(async () => {
      const r = await showAgentArtifact(taskId, artifact.name);
      return r.ok ? null : { text: r.error.message, error: true };
    });
  const size = formatBytes(artifact.bytes);
  return (
    <div
      className="delegation-file"
      role="group"
      aria-label={`Kept file ${artifact.name}, ${size}`}
      data-testid="delegation-artifact-file"
    >
      <p className="muted small">
        Too large to give Claude whole: Claude got the first part, and all of it is kept as a file.
      </p>
      <div className="delegation-file-row">
        <span className="delegation-file-name" title={path}>
          {artifact.name} <span className="muted">· {size}</span>
        </span>
        <button className="small-button" disabled={busy} onClick={() => void save()}>
          Save as…
        </button>
        <button className="small-button" disabled={busy} onClick={() => void show()}>
          Show in folder
        </button>
      </div>
      {note && (
        <p
          className={`tool-note small${note.error ? ' error' : ''}`}
          role={note.error ? 'alert' : 'status'}
          data-testid="delegation-file-note"
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
