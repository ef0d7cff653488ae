// A non-modal line above the composer when a server has tools Claude cannot see until the user
// accepts them (added after the server's baseline, or changed). It never blocks typing or sending.
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import { pendingSummary } from '../servers/PendingTools';

export function PendingToolsNotice() {
  const servers = useLena(serversSelectors.servers);
  const { selectServer } = useLenaActions();
  const waiting = servers
    .map((server) => ({ server, summary: pendingSummary(server) }))
    .filter((w) => w.summary !== null);
  if (waiting.length === 0) return null;
  return (
    <div className="notice small" role="status" data-testid="pending-tools-notice">
      {waiting.map(({ server, summary }) => (
        <div key={server.name} className="row">
          <span>
            <strong>{server.name}</strong>: {summary}, not offered to Claude until you accept them.
          </span>
          <span className="spacer" />
          <button className="small-button" onClick={() => selectServer(server.name)}>
            Review
          </button>
        </div>
      ))}
    </div>
  );
}
