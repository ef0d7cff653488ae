// Run a tool by hand (issue 16), as in MCP Inspector: a form made from the tool's input schema, the
// Run button as the approval of that one call (core's gate still applies deny rules and records
// "run by hand"), and the result in the chat's own result view.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunToolResult } from '../../../shared/inspector-types';
import type { ToolInfo } from '../../../shared/server-types';
import { CodeBlock } from '../../components/CodeBlock';
import { ErrorNote } from '../../components/ErrorNote';
import { useEscape } from '../../components/use-escape';
import { formatDuration } from '../../lib/format';
import {
  formOf,
  initialValue,
  toArguments,
  type FormErrors,
  type FormValue,
} from '../../lib/schema-form';
import { useLena, useLenaActions } from '../../store';
import { inspectorSelectors } from '../../store/inspector/selectors';
import type { UiError } from '../../store/result';
import { ToolResult } from '../chat/ToolResult';
import { SchemaField } from './SchemaFields';

const OUTCOME: Record<RunToolResult['outcome'], { icon: string; word: string; className: string }> =
  {
    done: { icon: '✓', word: 'Done', className: 'ok' },
    error: { icon: '✕', word: 'Error', className: 'error' },
    denied: { icon: '⊘', word: 'Denied', className: 'error' },
    cancelled: { icon: '■', word: 'Cancelled', className: 'muted' },
  };

/** Seconds since `since` while a run is in progress (long work shows elapsed time and a Cancel). */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  return (
    <span className="muted small" role="timer">
      {formatDuration(Math.max(0, now - since))} elapsed
    </span>
  );
}

/** What the server said of its progress (notifications/progress): a bar when it gave a total. */
function RunProgressLine({ runId }: { runId: string }) {
  const p = useLena(inspectorSelectors.runProgress(runId));
  if (!p) return null;
  const counted =
    p.total !== undefined && p.total > 0
      ? `${Math.round(Math.min(1, p.progress / p.total) * 100)} %`
      : `${p.progress}`;
  return (
    <span className="run-progress small" role="status" aria-live="polite">
      {p.total !== undefined && p.total > 0 && (
        <progress
          value={Math.min(p.progress, p.total)}
          max={p.total}
          aria-label={`Progress of the run: ${counted}`}
        />
      )}
      <span>{p.message ? `${p.message} · ${counted}` : counted}</span>
    </span>
  );
}

/** What was typed into each tool's form, kept when it closes (Escape, Close) for the next time. */
const drafts = new Map<string, FormValue>();
let runs = 0;

// Long: the argument form, the run with its cancel and the result share draft and run state.
export function RunToolPanel({
  server,
  tool,
  onClose,
}: {
  server: string;
  tool: ToolInfo;
  onClose(): void;
}) {
  const { runTool, cancelRun } = useLenaActions();
  const form = useMemo(() => formOf(tool.inputSchema), [tool.inputSchema]);
  const draftKey = `${server}/${tool.name}`;
  const [value, setValue] = useState<FormValue>(() => drafts.get(draftKey) ?? initialValue(form));
  const panel = useRef<HTMLElement>(null);
  useEffect(() => void drafts.set(draftKey, value), [draftKey, value]);
  // Opening the form puts focus in its first field; Escape closes it (the page stays open).
  useEffect(
    () => panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(),
    [],
  );
  useEscape('form', onClose);
  const [errors, setErrors] = useState<FormErrors>({});
  const [running, setRunning] = useState<{ runId: string; since: number } | null>(null);
  const [outcome, setOutcome] = useState<RunToolResult | null>(null);
  const [failure, setFailure] = useState<UiError | null>(null);
  const [sent, setSent] = useState<Record<string, unknown> | null>(null);
  const problems = Object.keys(errors).length;
  // A result that arrives below the fold is brought into view: its start, or as much as fits.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = answer.current;
    if (!el || (!outcome && !failure)) return;
    const box = el.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    el.scrollIntoView({ block: box.height > window.innerHeight / 2 ? 'start' : 'nearest' });
  }, [outcome, failure]);

  const run = async () => {
    const built = toArguments(form, value);
    setErrors(built.errors);
    if (Object.keys(built.errors).length > 0) return;
    const runId = `run-${Date.now()}-${++runs}`;
    setRunning({ runId, since: Date.now() });
    setFailure(null);
    setOutcome(null);
    setSent(built.args);
    const r = await runTool(server, tool.name, built.args, runId);
    setRunning(null);
    if (r.ok) setOutcome(r.value);
    else setFailure(r.error);
  };

  const o = outcome && OUTCOME[outcome.outcome];
  return (
    <section className="run-tool" ref={panel} aria-label={`Run ${tool.name}`}>
      {/* No implicit submit: Enter in a field never runs the tool, only the Run button does. */}
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        <SchemaField
          node={form}
          value={value}
          path=""
          errors={errors}
          onChange={(v) => {
            setValue(v);
            if (problems) setErrors(toArguments(form, v).errors);
          }}
        />
        {errors[''] && <p className="field-error small">{errors['']}</p>}
        <div className="row wrap run-actions">
          <button
            type="button"
            className="primary"
            disabled={running !== null}
            onClick={() => void run()}
          >
            {running ? 'Running…' : `Run ${tool.name}`}
          </button>
          {running && (
            <>
              <Elapsed since={running.since} />
              <RunProgressLine runId={running.runId} />
              <button type="button" onClick={() => void cancelRun(running.runId)}>
                Cancel
              </button>
            </>
          )}
          <button
            type="button"
            onClick={() => {
              setValue(initialValue(form));
              setErrors({});
              setOutcome(null);
              setFailure(null);
            }}
          >
            Reset
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
          <span className="muted small">
            Running it by hand is your approval of this one call; deny rules still apply.
          </span>
        </div>
        {problems > 0 && (
          <p className="field-error small" role="alert">
            {problems === 1 ? '1 field needs' : `${problems} fields need`} fixing before the tool
            can run.
          </p>
        )}
      </form>
      <div ref={answer} className="run-answer">
        {failure && <ErrorNote title={`Could not run ${tool.name}`} error={failure} />}
        {outcome && o && (
          <div className="run-outcome" aria-live="polite">
            <p className={`run-status ${o.className}`} role="status">
              <span aria-hidden="true">{o.icon}</span> {o.word}
              {outcome.durationMs !== null && ` in ${formatDuration(outcome.durationMs)}`} ·{' '}
              <span className="muted">{outcome.audit.decidedBy}</span>
            </p>
            {outcome.message && (
              <p className={outcome.outcome === 'done' ? 'small warning' : 'small error'}>
                {outcome.message}
              </p>
            )}
            {sent && (
              <CodeBlock
                code={JSON.stringify(sent, null, 2)}
                language="json"
                label="arguments sent"
              />
            )}
            {outcome.result && <ToolResult result={outcome.result} server={server} />}
          </div>
        )}
      </div>
    </section>
  );
}
