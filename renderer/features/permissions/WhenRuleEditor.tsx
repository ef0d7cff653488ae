// "Always allow when…": the rule made from this call's arguments, editable, previewed against this
// very call by the core gate ("This call: allowed") before it is stored. Offered by core only for
// a trusted server.
import { useEffect, useState } from 'react';
import type { RuleCheckView } from '../../../shared/permission-types';
import { DECISION_WORDS, RULE_LIMITS } from '../../lib/rule-limits';
import { ruleWords } from '../../lib/rule-words';
import { useLenaActions } from '../../store';

export function WhenRuleEditor({
  requestId,
  initial,
  onSave,
  onCancel,
}: {
  requestId: string;
  initial: string;
  onSave: (rule: string) => void;
  onCancel: () => void;
}) {
  const { previewRule } = useLenaActions();
  const [rule, setRule] = useState(initial);
  const [preview, setPreview] = useState<RuleCheckView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void previewRule(requestId, rule).then((r) => {
        if (!live) return;
        setPreview(r.ok ? r.value : null);
        setFailure(r.ok ? null : r.error.message);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [previewRule, requestId, rule]);
  const problem = failure ?? preview?.error ?? null;
  const allowed = preview?.decision === 'allow' && !problem;
  return (
    <div className="when-rule" data-testid="when-rule">
      <label className="small" htmlFor={`when-rule-${requestId}`}>
        Always allow this tool when its arguments match:
      </label>
      <input
        id={`when-rule-${requestId}`}
        className="mono grow"
        spellCheck={false}
        value={rule}
        onChange={(e) => setRule(e.target.value)}
      />
      <p className="small" role="status" data-testid="when-rule-preview">
        {problem ? (
          <span className="error">{problem}</span>
        ) : preview?.decision ? (
          <>
            <strong>This call: {DECISION_WORDS[preview.decision]}</strong>
            {preview.decision === 'allow' ? '' : ` (${ruleWords(preview.decidedBy)})`}
          </>
        ) : (
          <span className="muted">Checking…</span>
        )}
      </p>
      <p className="muted small">{RULE_LIMITS}</p>
      <div className="row">
        <span className="spacer" />
        <button onClick={onCancel}>Cancel</button>
        <button className="primary" disabled={!allowed} onClick={() => onSave(rule.trim())}>
          Save rule and allow
        </button>
      </div>
    </div>
  );
}
