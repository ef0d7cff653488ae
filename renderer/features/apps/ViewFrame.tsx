// A live view in a tool card: the sandbox proxy's frame (an origin of its own, never the app's),
// the session that speaks the Apps protocol with it, and what the card says about it. The view
// is started when it is near the screen and torn down when it scrolls far away or the card goes;
// each start is fed from the stored tool input and result, so a reopened conversation shows it again.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AppView } from '../../../shared/app-view-types';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { useLena } from '../../store';
import { appSelectors } from '../../store/app/selectors';
import { hostContext } from './host-context';
import { useHostTheme } from './use-host-theme';
import { useNearViewport } from './use-near-viewport';
import { clampHeight, viewDeadlineMs, type ViewDisplayMode } from './view-limits';
import { viewPort } from './view-port';
import { startViewSession, type ViewSession } from './view-session';

type Phase = 'starting' | 'live' | 'parked' | 'stopped';

/** What `_meta.ui.permissions` names, in words (spec: camera, microphone, geolocation, clipboardWrite). */
const DEVICES: Record<string, string> = {
  camera: 'the camera',
  microphone: 'the microphone',
  geolocation: 'your location',
  clipboardWrite: 'writing to the clipboard',
};
const deviceName = (p: string) => DEVICES[p] ?? `"${p}"`;
const listOf = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const asInput = (input: unknown): Record<string, unknown> =>
  input && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
const asResult = (call: ToolCallView): CallToolResult | null =>
  call.result && typeof call.result === 'object' ? (call.result as CallToolResult) : null;

/** Tells the view how its call ended, once it has: the result, or why there is none. */
function settle(session: ViewSession, call: ToolCallView): void {
  const result = asResult(call);
  if (result) session.sendResult(result);
  else if (call.status === 'denied' || call.status === 'cancelled')
    session.sendCancelled(
      call.status === 'denied' ? 'The call was denied.' : 'The call was cancelled.',
    );
  else if (call.status === 'error') session.sendCancelled(call.errorMessage ?? 'The call failed.');
}

/** A short fingerprint of the view's page: a changed page gets a fresh frame. */
function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

// Long: start, resize, handshake deadline and teardown are effects over the same refs.
export function ViewFrame({
  view,
  call,
  mode,
  onMode,
}: {
  view: AppView;
  call: ToolCallView;
  mode: ViewDisplayMode;
  onMode(mode: ViewDisplayMode): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const session = useRef<ViewSession | null>(null);
  const near = useNearViewport(box);
  const [phase, setPhase] = useState<Phase>('starting');
  const [note, setNote] = useState<string | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [requested, setRequested] = useState<number | undefined>(undefined);
  const [width, setWidth] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const theme = useHostTheme();
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const callRef = useRef(call);
  callRef.current = call;
  // The view is told which Lena it runs in: the version core reports (app:info), loaded at start.
  const hostInfo = useRef({ name: 'Lena', version: 'unknown' });
  hostInfo.current.version = useLena(appSelectors.info)?.version ?? 'unknown';

  const height = clampHeight(
    requested,
    mode,
    typeof window === 'undefined' ? undefined : window.innerHeight,
  );
  const context = () =>
    hostContext({
      ...theme,
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      displayMode: modeRef.current,
      width: width || box.current?.clientWidth || 0,
      maxHeight: clampHeight(Infinity, modeRef.current, window.innerHeight),
      tool: { id: call.id, tool: { name: call.tool, inputSchema: { type: 'object' } } },
    });

  // Near the screen: start (or restart) the session, then load the proxy so none of its messages is missed.
  const live = near && phase !== 'stopped';
  const pageKey = useMemo(() => textHash(view.html ?? ''), [view.html]);
  useEffect(() => {
    if (!live) {
      if (phase !== 'stopped') setPhase('parked');
      return;
    }
    const win = frame.current?.contentWindow;
    if (!win) return;
    let cancelled = false;
    setPhase('starting');
    const current = callRef.current;
    void startViewSession({
      frame: win,
      proxyOrigin: view.proxyOrigin,
      // Lena grants a view no device permissions (camera, microphone…): none are passed on, and
      // the card says what the view asked for (below the frame).
      page: view.html ? { html: view.html, csp: view.csp } : null,
      hostInfo: { ...hostInfo.current },
      hostContext: context(),
      port: viewPort(
        { conversationId: current.conversationId, toolUseId: current.id },
        current.server,
        current.tool,
      ),
      deadlineMs: viewDeadlineMs(),
      toolInput: asInput(current.input),
      toolResult: asResult(current),
      events: {
        initialized: () => !cancelled && setPhase('live'),
        sizeChanged: (h) => !cancelled && h !== undefined && setRequested(h),
        displayMode: (m) => {
          const next: ViewDisplayMode = m === 'fullscreen' || m === 'inline' ? m : modeRef.current;
          onMode(next);
          return next;
        },
        stopped: (reason) => {
          if (cancelled) return;
          setNote(reason);
          setPhase('stopped');
          setSrc(null);
        },
      },
    }).then((s) => {
      if (cancelled) return void s.close();
      session.current = s;
      // A result that came while the bridge module loaded goes in now (sent once either way).
      settle(s, callRef.current);
      setSrc(view.proxyUrl);
    });
    return () => {
      cancelled = true;
      const s = session.current;
      session.current = null;
      setSrc(null);
      void s?.teardown();
    };
  }, [live, attempt, view.proxyUrl, pageKey]);

  // The call's result, when it arrives while the view is open (a stored one goes in at start).
  useEffect(() => {
    if (session.current) settle(session.current, call);
  }, [call.result, call.status]);

  // The room the view has: its box's width (full width widens the card, and the box with it).
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Theme, mode and size changes reach a live view.
  useEffect(() => {
    if (phase === 'live') session.current?.setHostContext(context());
  }, [phase, theme, mode, width]);

  return (
    <div
      ref={box}
      className={`app-view ${mode === 'fullscreen' ? 'full-width' : ''}`}
      data-testid="app-view"
      data-phase={phase}
    >
      {phase === 'stopped' && (
        <div className="app-view-note">
          <p className="tool-note error" role="alert" data-testid="app-view-note">
            {note}
          </p>
          <button
            className="small-button"
            onClick={() => {
              setNote(null);
              setPhase('parked');
              setAttempt((n) => n + 1);
            }}
          >
            Start the view again
          </button>
        </div>
      )}
      {live ? (
        <iframe
          key={`${attempt}:${pageKey}`}
          ref={frame}
          // The proxy gets its own origin (allow-same-origin applies to the proxy's, never the app's);
          // no popups, no top navigation, no forms. The proxy's inner frame is sandboxed further.
          sandbox="allow-scripts allow-same-origin"
          src={src ?? undefined}
          title={`${call.title ?? call.tool} (a view from ${call.server})`}
          style={{ height }}
          data-testid="app-view-frame"
        />
      ) : (
        phase !== 'stopped' && <div className="app-view-parked" style={{ height }} aria-hidden />
      )}
      {phase === 'starting' && <p className="muted small app-view-starting">Starting the view…</p>}
      {view.permissions.length > 0 && (
        <p className="muted small app-view-permissions" data-testid="app-view-permissions">
          This view asked for {listOf(view.permissions.map(deviceName))}; Lena gives views none of
          these, so parts of it may not work.
        </p>
      )}
    </div>
  );
}
