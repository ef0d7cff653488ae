// The tool-permission question: the body the shared question frame shows for a tool call. The
// heading names the tool as a person would, with the qualified name that really runs always on the
// line below; the server's title, hints and description are shown as its claims, the description
// folded so the arguments stay in view.
import { useState } from 'react';
import type {
  PermissionDecisionKind,
  PermissionRequestView,
} from '../../../shared/permission-types';
import { Marked } from '../../components/Marked';
import { isMac } from '../../components/use-shortcuts';
import { ruleWords } from '../../lib/rule-words';
import { useLena, useLenaActions } from '../../store';
import { asksSelectors } from '../../store/asks/selectors';
import { useElsewhere } from '../questions/elsewhere';
import { ConfirmStep, QuestionFrame } from '../questions/QuestionFrame';
import { ArgumentsView } from './ArgumentsView';
import { DECISIONS, mayModifyData, needsConfirmation } from './decisions';
import { ServerDescription } from './ServerDescription';
import { SafetyLineView, ToolHeading, WireName } from './ToolHeading';
import { WhenRuleEditor } from './WhenRuleEditor';

// Long: arguments, risks, decisions and the confirmation share the chosen decision's state.
export function PermissionQuestion({
  request,
  position,
  total,
}: {
  request: PermissionRequestView;
  position: number;
  total: number;
}) {
  const { answerPermission: answer } = useLenaActions();
  const error = useLena(asksSelectors.error);
  const elsewhere = useElsewhere(request.conversationId);
  const [confirming, setConfirming] = useState<PermissionDecisionKind | null>(null);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  // "Always allow when…" open: the rule editor replaces the answers until saved or cancelled.
  const [editingWhen, setEditingWhen] = useState(false);
  const mayModify = mayModifyData(request);

  const offered = (d: PermissionDecisionKind) => request.offered.includes(d);
  const decide = (d: PermissionDecisionKind, confirmed = false) => {
    if (!offered(d)) return;
    if (needsConfirmation(d, request) && !confirmed) return setConfirming(d);
    void answer(request.id, d, {
      ...(d === 'deny' && reason.trim() ? { reason: reason.trim() } : {}),
      ...(confirmed ? { confirmed: true } : {}),
    });
  };

  const button = (d: PermissionDecisionKind, className = '') =>
    offered(d) ? (
      <button key={d} className={className} onClick={() => decide(d)}>
        {DECISIONS[d].label}
      </button>
    ) : null;

  // With the reason box open the user has chosen to deny: the chord sends the denial, not an allow.
  const primary =
    confirming || editingWhen
      ? null
      : denying
        ? { label: 'Deny with this reason', run: () => decide('deny') }
        : offered('allow-once')
          ? { label: 'Allow once', run: () => decide('allow-once') }
          : null;
  const cancel = confirming
    ? { label: 'Cancel', run: () => setConfirming(null) }
    : editingWhen
      ? { label: 'Cancel', run: () => setEditingWhen(false) }
      : { label: 'Deny', run: () => decide('deny') };
  const findings = [...request.descriptionFindings, ...request.argumentFindings];

  const chord = <kbd>{isMac() ? '⌘Enter' : 'Ctrl+Enter'}</kbd>;
  const choices = (
    <>
      <div className="row">
        {offered('deny') && (
          <button
            title="Deny, and tell Claude why"
            aria-expanded={denying}
            onClick={() => setDenying(!denying)}
            className="ghost"
          >
            Deny with reason ▾
          </button>
        )}
        {/* The chord's cap sits on the answer it sends: Deny while the reason box is open. */}
        {offered('deny') && (
          <button className={denying ? 'primary' : ''} onClick={() => decide('deny')}>
            Deny <kbd>Esc</kbd>
            {denying && <> {chord}</>}
          </button>
        )}
        <span className="spacer" />
        {button('allow-conversation')}
        {offered('allow-once') && (
          <button className={denying ? '' : 'primary'} onClick={() => decide('allow-once')}>
            Allow once{!denying && <> {chord}</>}
          </button>
        )}
      </div>
      {denying && (
        <div className="row">
          <textarea
            className="grow"
            rows={2}
            aria-label="Reason for denying (sent to Claude)"
            placeholder="Optional: tell Claude why"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
      <div className="row more-decisions">
        <span className="muted small">More:</span>
        {offered('always-allow-when') && request.whenRule && (
          <button className="ghost" onClick={() => setEditingWhen(true)}>
            {DECISIONS['always-allow-when'].label}
          </button>
        )}
        {button('always-allow-tool', 'ghost')}
        {button('always-allow-server', 'ghost')}
        {button('always-deny-tool', 'ghost')}
      </div>
    </>
  );

  const confirmStep = confirming && (
    <ConfirmStep
      confirmLabel={`Yes, ${DECISIONS[confirming].label.toLowerCase()}`}
      onConfirm={() => decide(confirming, true)}
      onCancel={() => setConfirming(null)}
    >
      {mayModify ? 'This tool may change or delete data' : 'Claude could run it at any time'}
      {request.hintsTrusted
        ? '. '
        : ', and this server is not trusted, so what it says about its tools proves nothing. '}
      Are you sure you want to <strong>{DECISIONS[confirming].label.toLowerCase()}</strong> without
      asking again?
    </ConfirmStep>
  );

  const whenEditor = editingWhen && request.whenRule && (
    <WhenRuleEditor
      requestId={request.id}
      initial={request.whenRule}
      onCancel={() => setEditingWhen(false)}
      onSave={(rule) => void answer(request.id, 'always-allow-when', { rule })}
    />
  );

  return (
    <QuestionFrame
      questionId={request.id}
      armKey={`${request.id}:${confirming ?? ''}`}
      className="permission-question"
      heading={<ToolHeading request={request} />}
      subheading={<WireName request={request} />}
      elsewhere={elsewhere}
      position={position}
      total={total}
      primary={primary}
      cancel={cancel}
      footer={confirmStep || whenEditor || choices}
    >
      {request.origin === 'view' && (
        <p className="small view-origin" role="note" data-testid="permission-origin">
          This call comes from the tool’s view (the page {request.server} shows in the
          conversation), not from Claude.
        </p>
      )}
      <SafetyLineView request={request} />
      {request.sandbox && (
        <p className="small muted" data-testid="sandbox-line">
          {request.sandbox}
        </p>
      )}
      {findings.length > 0 && (
        <p className="warning small" role="note">
          ⚠{' '}
          {findings.some((f) => f.category !== 'phrase')
            ? 'Hidden characters were found and are shown as ⟦…⟧ markers'
            : 'Text that tries to instruct Claude was found'}
          : {[...new Set(findings.map((f) => f.label))].join(', ')}.
        </p>
      )}
      {/* The real arguments come before anything the server wrote (title, description), so nothing it says can push them out of view. */}
      <ArgumentsView text={request.argumentsText} />
      {request.held && (
        <div className="held-notice" role="alert">
          <strong>Held: the tool’s definition changed</strong> since you approved it.{' '}
          {request.held.reason}
          <ul>
            {request.held.changes.map((c, i) => (
              <li key={i}>
                <Marked text={c} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ServerDescription text={request.description} />
      <p className="small">{ruleWords(request.rule)}</p>
      {error && (
        <p className="error small" role="alert">
          Your answer was not recorded: {error.message}
        </p>
      )}
    </QuestionFrame>
  );
}
