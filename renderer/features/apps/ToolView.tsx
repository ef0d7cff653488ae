// The view part of a tool card, for a tool whose definition names a `ui://` view: the live view
// (or why it is not shown: held for review after a change, unavailable), a "Full width" toggle
// that widens the whole card to the conversation pane (styles/apps.css), and what the view last
// told Claude. A tool without a view renders nothing here.
import { useEffect } from 'react';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { useLena } from '../../store';
import { viewKey } from '../../store/apps/initial-state';
import { asksSelectors } from '../../store/asks/selectors';
import type { ViewDisplayMode } from './view-limits';
import { ViewFrame } from './ViewFrame';

function ModelContextNote({ toolUseId }: { toolUseId: string }) {
  const context = useLena((s) => s.modelContexts[toolUseId]);
  if (!context?.text) return null;
  return (
    <details className="app-view-context" data-testid="app-view-context">
      <summary className="small muted">
        The view gave Claude context (sent as untrusted data with your next message)
      </summary>
      <pre className="result-text">{context.text}</pre>
    </details>
  );
}

/** The card says when its view waits on the user (its message is asked above the message box). */
function PendingMessageNote({ toolUseId }: { toolUseId: string }) {
  const waiting = useLena(asksSelectors.appMessageWaiting(toolUseId));
  if (!waiting) return null;
  return (
    <p className="small app-view-waiting" data-testid="app-view-waiting">
      ⏸ This view wants to send a message for you; it is shown above the message box and goes to
      Claude only if you press Send.
    </p>
  );
}

export function ToolView({ call }: { call: ToolCallView }) {
  const key = viewKey(call.server, call.tool);
  const view = useLena((s) => s.appViews[key]);
  const error = useLena((s) => s.appViewErrors[key]);
  const loadAppView = useLena((s) => s.loadAppView);
  const full = useLena((s) => s.fullWidth[call.id] ?? false);
  const setFullWidth = useLena((s) => s.setFullWidth);
  const mode: ViewDisplayMode = full ? 'fullscreen' : 'inline';
  const setMode = (m: ViewDisplayMode) => setFullWidth(call.id, m === 'fullscreen');
  useEffect(() => {
    if (view === undefined && call.server) void loadAppView(call.server, call.tool);
  }, [view, call.server, call.tool, loadAppView]);

  if (error)
    return (
      <p className="tool-note" data-testid="app-view-note">
        The tool’s view could not be loaded: {error.message}
      </p>
    );
  if (!view) return null;
  if (view.status !== 'ready') {
    return (
      <p className="tool-note" data-testid="app-view-note">
        {view.status === 'held' ? '⏸ ' : ''}
        {view.note ?? 'The tool’s view is not available.'}
      </p>
    );
  }
  return (
    <div className={full ? 'app-view-block full-width' : 'app-view-block'}>
      <div className="app-view-bar">
        <span className="small muted">View from {call.server}</span>
        <span className="spacer" />
        <button
          className="small-button ghost"
          aria-pressed={full}
          onClick={() => setMode(full ? 'inline' : 'fullscreen')}
        >
          {full ? 'Back to the card' : 'Full width'}
        </button>
      </div>
      <ViewFrame view={view} call={call} mode={mode} onMode={setMode} />
      <PendingMessageNote toolUseId={call.id} />
      <ModelContextNote toolUseId={call.id} />
    </div>
  );
}
