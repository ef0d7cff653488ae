// The rule tester: a tool and its arguments (JSON) in, the gate's decision and the deciding rule
// out. Core decides (permissions:test-call), with the same rules and path handling as a real call.
import { useState } from 'react';
import type { RuleCheckView } from '../../../shared/permission-types';
import { DECISION_WORDS } from '../../lib/rule-limits';
import { ruleWords } from '../../lib/rule-words';
import { useLenaActions } from '../../store';

/** The deciding rule in words; an allow says which rule let it run. */
function decidedWords(check: RuleCheckView): string {
  const allow = /^rule allow (.+) \((user|project|cli|session)\)$/.exec(check.decidedBy);
  if (allow) return `Your ${allow[2] === 'project' ? 'project ' : ''}rule “${allow[1]}” allows it.`;
  if (check.decidedBy.startsWith('auto: '))
    return 'A read-only tool of a trusted server runs without asking.';
  return ruleWords(check.decidedBy);
}

export function RuleTester({ tools }: { tools: readonly string[] }) {
  const { testCall } = useLenaActions();
  const [tool, setTool] = useState(tools[0] ?? '');
  const [args, setArgs] = useState('{\n  "path": "~/notes/todo.md"\n}');
  const [result, setResult] = useState<RuleCheckView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch (error) {
      setResult(null);
      return setProblem(`The arguments are not JSON: ${(error as Error).message}`);
    }
    void testCall(tool.trim(), parsed).then((r) => {
      setResult(r.ok ? r.value : null);
      setProblem(r.ok ? r.value.error : r.error.message);
    });
  };
  return (
    <div className="rule-tester" data-testid="rule-tester">
      <h3>Test a call</h3>
      <p className="muted small">
        Paste the arguments of a call to see what Lena would do and which rule decides.
      </p>
      <label className="small" htmlFor="rule-tester-tool">
        Tool
      </label>
      <input
        id="rule-tester-tool"
        className="mono"
        list="rule-tester-tools"
        placeholder="mcp__SERVER__TOOL"
        spellCheck={false}
        value={tool}
        onChange={(e) => setTool(e.target.value)}
      />
      <datalist id="rule-tester-tools">
        {tools.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <label className="small" htmlFor="rule-tester-args">
        Arguments (JSON)
      </label>
      <textarea
        id="rule-tester-args"
        className="mono"
        rows={4}
        spellCheck={false}
        value={args}
        onChange={(e) => setArgs(e.target.value)}
      />
      <div className="row">
        <button onClick={run} disabled={tool.trim() === ''}>
          Test
        </button>
        <p className="small grow" role="status" data-testid="rule-tester-result">
          {problem ? (
            <span className="error">{problem}</span>
          ) : result?.decision ? (
            <>
              <strong>This call would be {DECISION_WORDS[result.decision]}.</strong>{' '}
              {decidedWords(result)}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
