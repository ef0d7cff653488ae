// Rules suggested from Claude Code's permissions (its settings and the open project's): each is
// accepted by the user, one by one or all at once, never applied by being found. A project's file
// was written by whoever wrote the repository, and says so.
import { useCallback, useEffect, useState } from 'react';
import type { ClaudeSuggestion } from '../../../shared/permission-types';
import { useLenaActions } from '../../store';

const FROM: Record<ClaudeSuggestion['source'], string> = {
  user: 'your Claude Code settings',
  project: 'this project’s .claude/settings.json (written by whoever wrote the repository)',
  'project-local':
    'this project’s .claude/settings.local.json (written by whoever wrote the repository)',
};

export function ClaudeSuggestions() {
  const { claudeSuggestions, addRules } = useLenaActions();
  const [found, setFound] = useState<ClaudeSuggestion[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(
    () =>
      void claudeSuggestions().then((r) => {
        setFound(r.ok ? r.value : null);
        setProblem(r.ok ? null : r.error.message);
      }),
    [claudeSuggestions],
  );
  useEffect(load, [load]);
  const accept = (rules: ClaudeSuggestion[]) =>
    void addRules(rules.map(({ list, rule }) => ({ list, rule }))).then((r) => {
      setProblem(r.ok ? null : r.error.message);
      load();
    });
  const open = (found ?? []).filter((s) => !s.present);
  const acceptable = open.filter((s) => s.error === null);
  if (!problem && open.length === 0) return null;
  return (
    <div className="claude-suggestions" data-testid="claude-suggestions">
      <div className="row">
        <h3>Suggested from Claude Code</h3>
        <span className="spacer" />
        {acceptable.length > 1 && (
          <button className="small-button" onClick={() => accept(acceptable)}>
            Accept all {acceptable.length}
          </button>
        )}
      </div>
      <p className="muted small">
        Claude Code’s permissions for MCP tools. None applies until you accept it.
      </p>
      <ul role="list" className="rules">
        {open.map((s) => (
          <li key={`${s.file}:${s.list}:${s.rule}`} className="row" data-testid="claude-suggestion">
            <span
              className={`badge badge-${s.list === 'allow' ? 'ok' : s.list === 'deny' ? 'danger' : 'warn'}`}
            >
              {s.list}
            </span>
            <span className="rule-text">
              <span className="mono">{s.rule || '(file not read)'}</span>
              <span className="muted small">from {FROM[s.source]}</span>
              {s.error && (
                <span className="error small" data-testid="claude-suggestion-error">
                  {s.error}
                </span>
              )}
            </span>
            <span className="spacer" />
            {s.error === null && (
              <button className="small-button" onClick={() => accept([s])}>
                Accept
              </button>
            )}
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
