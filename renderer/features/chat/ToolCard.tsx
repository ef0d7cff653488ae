// One tool call as a card: status, server · tool, duration or progress, arguments, result, and a
// Cancel that really cancels while it runs. Expanded while running or failed, collapsed when done.
import { AskedElsewhere } from './AskedElsewhere';
import { DelegationPanel, delegationOf } from './DelegationPanel';
import { deniedWords } from '../../lib/denied-words';
import { allowedWords, askedWords } from '../../lib/rule-words';
import { memo, useEffect, useState } from 'react';
import { AGENT_TOOL_PREFIX } from '../../../shared/a2a';
import type { ToolCallStatus, ToolCallView } from '../../../shared/chat/tool-calls';
import { CodeBlock } from '../../components/CodeBlock';
import { formatDuration } from '../../lib/format';
import { toolErrorWords } from '../../lib/tool-error';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { ToolView } from '../apps/ToolView';
import { ToolResult } from './ToolResult';

const STATUS: Record<ToolCallStatus, { icon: string; word: string }> = {
  pending: { icon: '‖', word: 'Waiting for approval' },
  running: { icon: '◌', word: 'Running' },
  done: { icon: '✓', word: 'Done' },
  error: { icon: '✕', word: 'Error' },
  denied: { icon: '⊘', word: 'Denied' },
  cancelled: { icon: '■', word: 'Cancelled' },
};

const TASK_WORD: Record<NonNullable<ToolCallView['task']>['status'], string> = {
  working: 'working',
  input_required: 'waiting for your answer',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

function useElapsed(since: number | null, active: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return since === null ? null : Math.max(0, now - since);
}

function Progress({ call }: { call: ToolCallView }) {
  const elapsed = useElapsed(call.startedAt, call.status === 'running');
  const p = call.progress;
  const fraction = p?.total ? Math.min(1, p.progress / p.total) : null;
  // A call the server runs as a task (MCP tasks): its status and message stand in for progress.
  const task = call.task;
  const message = task?.statusMessage ?? p?.message;
  return (
    <div className="tool-progress">
      {fraction !== null ? (
        <progress max={1} value={fraction} aria-label="Progress" />
      ) : (
        <div className="indeterminate" role="progressbar" aria-label="Running" />
      )}
      <span className="muted small" data-testid="tool-progress-text">
        {task ? `Task ${TASK_WORD[task.status]} · ` : ''}
        {message ? `${message} · ` : ''}
        {fraction !== null ? `${Math.round(fraction * 100)}% · ` : ''}
        {elapsed !== null ? `${formatDuration(elapsed)} elapsed` : 'starting'}
      </span>
    </div>
  );
}

function ErrorLine({ call }: { call: ToolCallView }) {
  if (call.status === 'denied') {
    return <p className="tool-note">{deniedWords(call.decidedBy)}</p>;
  }
  // A call whose sign-in the user cancelled never reached the server: its own note says so.
  if (call.status === 'cancelled')
    return (
      <p className="tool-note">
        {/^Sign-in to .+ was cancelled/.test(call.errorMessage ?? '')
          ? call.errorMessage
          : 'Cancelled: the server was asked to stop this call.'}
      </p>
    );
  // A call that ran may carry notes: checks that could not be done, an output that failed its schema.
  if (call.status !== 'error')
    return call.errorMessage ? (
      <p className="tool-note" data-testid="tool-note">
        {call.errorMessage}
      </p>
    ) : null;
  return (
    <p className="tool-note error" role="alert" data-testid="tool-error">
      {toolErrorWords(call).line}
    </p>
  );
}

// Long: one card shows every state of a call (asking, running, task, result, error).
export const ToolCard = memo(function ToolCard({
  call,
  searched = false,
}: {
  call: ToolCallView;
  searched?: boolean;
}) {
  const { cancelTool, continueWithTaskResult: continueWith } = useLenaActions();
  const running = useLena(chatSelectors.running);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [continueError, setContinueError] = useState<string | null>(null);
  const open = call.status === 'running' || call.status === 'pending' || call.status === 'error';
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const isOpen = expanded ?? open;
  const status = STATUS[call.status];
  const name = call.title ?? call.tool;
  const bodyId = `tool-body-${call.id}`;
  const delegation = delegationOf(call);
  const allowed =
    call.status === 'denied' ? null : (allowedWords(call.decidedBy) ?? askedWords(call.decidedBy));
  return (
    <div
      className={`tool-card status-${call.status}`}
      data-testid="tool-card"
      data-status={call.status}
    >
      <div className="tool-head">
        <button
          className="tool-toggle ghost"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setExpanded(!isOpen)}
        >
          <span className="tool-chevron" aria-hidden>
            {isOpen ? '▾' : '▸'}
          </span>
          <span className="tool-icon" aria-hidden>
            {status.icon}
          </span>
          <span className="tool-status-word">{status.word}</span>
          <span className="tool-name">
            {call.server} · {name}
          </span>
        </button>
        {searched && (
          <span
            className="badge"
            data-testid="found-by-search"
            title="This tool was not loaded up front; a tool search found it."
          >
            found by search
          </span>
        )}
        <span className="spacer" />
        {call.durationMs !== null && (
          <span className="muted small">{formatDuration(call.durationMs)}</span>
        )}
        {call.status === 'running' && (
          <button
            className="small-button"
            onClick={() =>
              void cancelTool(call.id).then((r) => setCancelError(r.ok ? null : r.error.message))
            }
          >
            Cancel
          </button>
        )}
      </div>
      {call.status === 'running' && <Progress call={call} />}
      {delegation && <DelegationPanel view={delegation} />}
      {cancelError && <p className="tool-note error">Could not cancel: {cancelError}</p>}
      {call.continuable && (
        // Issue 19: the task finished after its turn ended (Lena restarted meanwhile).
        <div className="tool-continue" data-testid="tool-continue">
          <p className="tool-note">
            This task finished after its turn had ended; Claude has not seen its result yet.
          </p>
          <button
            className="small-button primary"
            disabled={running}
            onClick={() =>
              void continueWith(call.conversationId, call.id).then((r) =>
                setContinueError(r.ok ? null : r.error.message),
              )
            }
          >
            Continue with the result
          </button>
          {continueError && <p className="tool-note error">Could not continue: {continueError}</p>}
        </div>
      )}
      <ErrorLine call={call} />
      {call.status === 'pending' && (
        <AskedElsewhere conversationId={call.conversationId} toolUseId={call.id} />
      )}
      {/* A tool with a view (MCP Apps) shows it once the call is allowed, open or collapsed; an
          agent's tool never has one, even before its delegation has a state to show. */}
      {call.server !== '' &&
        !delegation &&
        !call.qualifiedName.startsWith(AGENT_TOOL_PREFIX) &&
        call.status !== 'pending' &&
        call.status !== 'denied' && <ToolView call={call} />}
      {isOpen && (
        <div className="tool-body" id={bodyId}>
          {allowed && (
            <p className="muted small" data-testid="tool-allowed-by">
              {allowed}
            </p>
          )}
          <CodeBlock
            code={JSON.stringify(call.input ?? {}, null, 2)}
            language="json"
            label="arguments"
          />
          {call.result !== null && call.result !== undefined && (
            <ToolResult
              result={call.result}
              server={call.server}
              omitText={call.status === 'error' ? toolErrorWords(call).omitFromResult : null}
            />
          )}
          {call.truncated && call.resultBytes !== null && (
            <p className="muted small">
              Claude saw a shortened copy of this result; the whole result is shown here.
            </p>
          )}
        </div>
      )}
    </div>
  );
});
