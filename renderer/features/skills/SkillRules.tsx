// A skill's `allowed-tools` as allow rules the user may accept, one by one: nothing is allowed until
// Accept is pressed (then the rule is in Settings' rules list like any other). An entry that is not
// a rule Lena can save shows the parser's reason instead of a button.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SkillInfo } from '../../../shared/skill-types';
import { useLena, useLenaActions } from '../../store';
import { permissionsSelectors } from '../../store/permissions/selectors';

export function SkillRules({ skill }: { skill: SkillInfo }) {
  const { addRules } = useLenaActions();
  const saved = useLena(useShallow(permissionsSelectors.rules));
  const [problem, setProblem] = useState<string | null>(null);
  const suggested = skill.suggestedRules ?? [];
  if (suggested.length === 0) return null;
  const isSaved = (rule: string) =>
    (saved ?? []).some((r) => r.list === 'allow' && r.rule === rule && r.args === null);
  const accept = (rule: string) =>
    void addRules([{ list: 'allow', rule }]).then((r) => setProblem(r.ok ? null : r.error.message));
  return (
    <div className="skill-rules" aria-label={`Rules suggested by ${skill.name}`} role="group">
      <p className="muted small">
        Suggested allow rules (from allowed-tools). None applies until you accept it.
      </p>
      <ul role="list" className="rules">
        {suggested.map((s) => (
          <li key={s.rule} className="row">
            <span className="rule-text">
              <span className="mono">{s.rule}</span>
              {s.error && <span className="error small">{s.error}</span>}
            </span>
            <span className="spacer" />
            {s.error === null &&
              (isSaved(s.rule) ? (
                <span className="muted small">Accepted</span>
              ) : (
                <button
                  type="button"
                  className="small-button"
                  aria-label={`Accept ${s.rule}`}
                  onClick={() => accept(s.rule)}
                >
                  Accept
                </button>
              ))}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="error small" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
