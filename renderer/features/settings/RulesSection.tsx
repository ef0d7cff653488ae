// Saved permission rules, each with what it matches in words and Revoke; the rule tester below.
import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import { RULE_LIMITS } from '../../lib/rule-limits';
import { useLena, useLenaActions } from '../../store';
import { permissionsSelectors } from '../../store/permissions/selectors';
import { ClaudeSuggestions } from './ClaudeSuggestions';
import { RuleTester } from './RuleTester';

export function RulesSection() {
  const rules = useLena(permissionsSelectors.rules);
  const error = useLena(permissionsSelectors.rulesError);
  const { loadRules, revokeRule, confirmServer } = useLenaActions();
  const [rowError, setRowError] = useState<string | null>(null);
  useEffect(() => void loadRules(), [loadRules]);
  const tools = [
    ...new Set(
      (rules ?? []).flatMap((r) => {
        const name = /^mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+/.exec(r.rule)?.[0];
        return name && !name.endsWith('__') ? [name] : [];
      }),
    ),
  ];
  return (
    <section className="card" aria-labelledby="rules-heading">
      <h2 id="rules-heading">Permission rules</h2>
      <p className="muted small" data-testid="rule-limits">
        {RULE_LIMITS}
      </p>
      {error ? (
        <ErrorNote title="Could not read the permission rules" error={error}>
          <button onClick={() => void loadRules()}>Retry</button>
        </ErrorNote>
      ) : !rules ? (
        <p className="muted">Loading…</p>
      ) : rules.length === 0 ? (
        <p className="muted">
          No saved rules. Choices like “Always allow this tool” in the permission dialog appear
          here.
        </p>
      ) : (
        <ul role="list" className="rules">
          {rules.map((r) => (
            <li
              key={`${r.list}:${r.scope}:${r.rule}:${JSON.stringify(r.args)}`}
              className="row"
              data-testid="rule-row"
            >
              <span
                className={`badge badge-${r.list === 'allow' ? 'ok' : r.list === 'deny' ? 'danger' : 'warn'}`}
              >
                {r.list}
              </span>
              <span className="rule-text">
                <span className="mono">
                  {r.rule}
                  {r.args ? ` ${JSON.stringify(r.args)}` : ''}
                </span>
                <span className="small" data-testid="rule-matches">
                  {r.matches}
                </span>
              </span>
              <span className="muted small">
                {r.scope}
                {r.suspended ? ' · suspended: the server changed since' : ''}
              </span>
              <span className="spacer" />
              {r.suspended && r.server && (
                <button
                  className="small-button"
                  title="The server’s entry changed since this rule was made"
                  onClick={() =>
                    void confirmServer(r.server as string).then((x) => {
                      setRowError(x.ok ? null : x.error.message);
                      void loadRules();
                    })
                  }
                >
                  Confirm {r.server}
                </button>
              )}
              {r.scope === 'user' && (
                <button
                  className="small-button"
                  onClick={() =>
                    void revokeRule(r.list, r.rule, r.args).then((x) =>
                      setRowError(x.ok ? null : x.error.message),
                    )
                  }
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rowError && (
        <p className="error small" role="alert">
          Not revoked: {rowError}
        </p>
      )}
      <ClaudeSuggestions />
      <RuleTester tools={tools} />
    </section>
  );
}
