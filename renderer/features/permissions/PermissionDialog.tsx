// The permission dialog: one modal per pending request, oldest first, keyboard first (focus starts
// on "Allow once", Enter allows once, Escape denies), everything the user needs to judge the call.
import { useEffect, useRef, useState } from 'react';
import type { PermissionDecisionKind, PermissionRequestView } from '../../../shared/permission-types';
import { CodeBlock } from '../../components/CodeBlock';
import { HintBadges } from '../../components/HintBadges';
import { Marked } from '../../components/Marked';
import { useLena } from '../../store';
import { DECISIONS, needsConfirmation } from './decisions';
import { useFocusTrap } from './focus-trap';

function Request({ request, position, total }: { request: PermissionRequestView; position: number; total: number }) {
  const answer = useLena((s) => s.answerPermission);
  const error = useLena((s) => s.permissionsError);
  const conversation = useLena((s) => (s.activeId === request.conversationId ? null : (s.conversations.find((c) => c.id === request.conversationId)?.title ?? null)));
  const [confirming, setConfirming] = useState<PermissionDecisionKind | null>(null);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  const allowOnce = useRef<HTMLButtonElement>(null);
  useFocusTrap(ref);
  useEffect(() => allowOnce.current?.focus(), [request.id]);

  const offered = (d: PermissionDecisionKind) => request.offered.includes(d);
  const decide = (d: PermissionDecisionKind, confirmed = false) => {
    if (!offered(d)) return;
    if (needsConfirmation(d, request) && !confirmed) return setConfirming(d);
    void answer(request.id, d, { ...(d === 'deny' && reason.trim() ? { reason: reason.trim() } : {}), ...(confirmed ? { confirmed: true } : {}) });
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const inField = (e.target as HTMLElement).tagName === 'TEXTAREA';
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (confirming) return setConfirming(null);
      return decide('deny');
    }
    if (inField || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'BUTTON') {
      e.preventDefault();
      return decide('allow-once');
    }
    const hit = (Object.keys(DECISIONS) as PermissionDecisionKind[]).find((d) => DECISIONS[d].key === e.key.toLowerCase() && d !== 'allow-once' && d !== 'deny');
    if (hit) {
      e.preventDefault();
      decide(hit);
    }
  };

  const button = (d: PermissionDecisionKind, className = '') =>
    offered(d) ? (
      <button key={d} ref={d === 'allow-once' ? allowOnce : undefined} className={className} title={`${DECISIONS[d].label} (${DECISIONS[d].keyLabel})`} onClick={() => decide(d)}>
        {DECISIONS[d].label} <kbd>{DECISIONS[d].keyLabel}</kbd>
      </button>
    ) : null;

  const titleId = `perm-title-${request.id}`;
  const findings = [...request.descriptionFindings, ...request.argumentFindings];
  return (
    <div className="modal-backdrop">
      <div className="modal permission-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={`${titleId}-desc`} ref={ref} onKeyDown={onKeyDown}>
        <header className="modal-head">
          <h2 id={titleId}>
            Allow “{request.title ?? request.tool}” from {request.server}?
          </h2>
          {total > 1 && <span className="badge" aria-label={`Request ${position} of ${total}`}>{position} of {total}</span>}
        </header>
        <div className="modal-body">
          <p className="muted small mono">{request.qualifiedName}</p>
          {conversation && <p className="small">Asked in another conversation: “{conversation}”</p>}
          <div className="row wrap">
            {request.destructive && <span className="badge badge-danger">⚠ may modify or delete data</span>}
            <HintBadges hints={request.hints} trusted={request.hintsTrusted} />
          </div>
          {request.held && (
            <div className="held-notice" role="alert">
              <strong>Held: the tool’s definition changed</strong> since you approved it. {request.held.reason}
              <ul>{request.held.changes.map((c, i) => <li key={i}><Marked text={c} /></li>)}</ul>
            </div>
          )}
          <p id={`${titleId}-desc`} className="description"><Marked text={request.description || 'The server gave no description.'} /></p>
          {findings.length > 0 && (
            <p className="warning small" role="note">
              ⚠ {findings.some((f) => f.category !== 'phrase') ? 'Hidden characters were found and are shown as ⟦…⟧ markers' : 'Text that tries to instruct Claude was found'}: {findings.map((f) => f.label).join(', ')}.
            </p>
          )}
          <CodeBlock code={request.argumentsText} language="json" label="arguments" />
          <p className="small"><span className="muted">Rule:</span> {request.rule}</p>
          {error && <p className="error small" role="alert">Your answer was not recorded: {error.message}</p>}
        </div>
        {confirming ? (
          <div className="confirm-row" role="alert">
            <span>
              {request.destructive ? 'This tool may destroy data.' : 'This server is not trusted, so its tools may change or delete data whatever they claim.'} Are you sure you want to{' '}
              <strong>{DECISIONS[confirming].label.toLowerCase()}</strong> without asking again?
            </span>
            <button className="danger" autoFocus onClick={() => decide(confirming, true)}>Yes, {DECISIONS[confirming].label.toLowerCase()}</button>
            <button onClick={() => setConfirming(null)}>No, go back</button>
          </div>
        ) : (
          <footer className="modal-foot">
            <div className="row">
              {offered('deny') && (
                <button title="Deny (Esc); add a reason for Claude" aria-expanded={denying} onClick={() => setDenying(!denying)} className="ghost">
                  Deny with reason ▾
                </button>
              )}
              {button('deny')}
              <span className="spacer" />
              {button('allow-conversation')}
              {button('allow-once', 'primary')}
            </div>
            {denying && (
              <div className="row">
                <textarea className="grow" rows={2} aria-label="Reason for denying (sent to Claude)" placeholder="Optional: tell Claude why" value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
            )}
            <div className="row more-decisions">
              <span className="muted small">More:</span>
              {button('always-allow-tool', 'ghost')}
              {button('always-allow-server', 'ghost')}
              {button('always-deny-tool', 'ghost')}
            </div>
          </footer>
        )}
      </div>
    </div>
  );
}

/** The oldest pending request as a modal, or nothing when none waits. */
export function PermissionDialog() {
  const queue = useLena((s) => s.permissionQueue);
  if (queue.length === 0) return null;
  return <Request key={queue[0].id} request={queue[0]} position={1} total={queue.length} />;
}
