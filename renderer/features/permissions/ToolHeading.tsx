// The permission question's heading, its wire-name line and its safety line. The heading reads
// like a sentence a person says ("Write File — fs · untrusted"); the title in it is the server's
// claim (marked so, with a tooltip), so the qualified name that really runs is always on the line
// below in monospace. Trust is a labelled chip by the server's name, never a missing badge.
import { agentOfTool } from '../../../shared/a2a';
import type { PermissionRequestView } from '../../../shared/permission-types';
import { Marked } from '../../components/Marked';
import { safetyLine } from './safety';

/** Longest title shown in the heading; the whole of it is in the tooltip. */
const TITLE_CHARS = 60;

const CLAIM = 'The server’s own name for this tool (its words, not checked by Lena)';

export function TrustChip({ trusted }: { trusted: boolean }) {
  return (
    <span
      className={`badge trust-chip ${trusted ? 'badge-ok' : 'badge-untrusted'}`}
      title={
        trusted
          ? 'You marked this server as trusted: Lena relies on what it says about its tools'
          : 'You have not marked this server as trusted: what it says about its tools is only a claim'
      }
    >
      {trusted ? 'trusted' : 'untrusted'}
    </span>
  );
}

type HeadingRequest = Pick<
  PermissionRequestView,
  'title' | 'tool' | 'server' | 'hintsTrusted' | 'origin' | 'qualifiedName'
>;

/** "Write File — fs · untrusted": the tool's title (or name), its server, and the trust chip. */
export function ToolHeading({ request }: { request: HeadingRequest }) {
  const agent = agentOfTool(request.qualifiedName);
  if (agent)
    return (
      <>
        Delegate a task to the A2A agent <span className="tool-server">{agent}</span>{' '}
        <span
          className="badge badge-untrusted"
          title="A remote agent with its own reasoning: it sees the message, may take minutes and may ask you back"
        >
          remote agent
        </span>
      </>
    );
  const title = request.title?.trim();
  const shown =
    title && title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1)}…` : (title ?? '');
  return (
    <>
      {title ? (
        <span className="tool-claim" title={`${CLAIM}: “${title}”`}>
          <Marked text={shown} />
        </span>
      ) : (
        request.tool
      )}
      {' — '}
      <span className="tool-server">{request.server}</span>
      <span className="trust-sep" aria-hidden="true">
        {' · '}
      </span>
      <TrustChip trusted={request.hintsTrusted} />
      {request.origin === 'view' && (
        <>
          {' '}
          <span className="badge view-origin-badge">from the tool’s view</span>
        </>
      )}
    </>
  );
}

/** The line under the heading: the qualified name that runs, and whose words the title is. */
export function WireName({ request }: { request: HeadingRequest }) {
  return (
    <p className="wire-name" data-testid="wire-name">
      <code>{request.qualifiedName}</code>
      {request.title?.trim() && <span className="small muted"> · title given by the server</span>}
    </p>
  );
}

/** One line for what the tool's hints say, red only when it declares it may delete data. */
export function SafetyLineView({
  request,
}: {
  request: Pick<PermissionRequestView, 'hints' | 'hintsTrusted'>;
}) {
  const line = safetyLine(request.hints, request.hintsTrusted);
  return (
    <p
      className={`safety-line small ${line.danger ? 'danger' : ''}`}
      data-testid="safety-line"
      data-safety={line.kind}
    >
      {line.danger && <span aria-hidden="true">⚠ </span>}
      {line.text}
      {line.also.length > 0 && <span className="muted"> · also says: {line.also.join(', ')}</span>}
    </p>
  );
}
