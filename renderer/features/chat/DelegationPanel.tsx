// A delegation to an A2A agent on its tool card: the task's state and latest status message, and
// the artifacts as they stream (text shown in part; the whole result stays with the call).
import type { DelegationView } from '../../../shared/a2a';
import type { ToolCallView } from '../../../shared/chat/tool-calls';

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
            <strong>{a.name}</strong> <span className="muted">({a.bytes} bytes)</span>
          </p>
          {a.text && (
            <pre className="small">
              {a.text.length > SHOWN_CHARS ? `${a.text.slice(0, SHOWN_CHARS)}…` : a.text}
            </pre>
          )}
          {a.files.length > 0 && <p className="muted small">Files: {a.files.join('; ')}</p>}
          {a.path && (
            <p className="muted small" data-testid="delegation-artifact-file">
              Too large to give Claude whole: the first part went to Claude, all of it is kept in{' '}
              <code>{a.path}</code>
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
