// Cards the window adds itself: the `/mcp` status of every server and its tools, and the outcome
// of `/mcp` commands. They are local: never sent to Claude, gone on reload.
import { StatusWord } from '../../components/StatusWord';
import { formatTokens } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import type { SystemCard } from '../../store/chat/initial-state';

function McpStatus() {
  const servers = useLena(serversSelectors.servers);
  const serversError = useLena(serversSelectors.serversLoad).error;
  const toolLists = useLena(serversSelectors.toolLists);
  const { selectServer } = useLenaActions();
  if (serversError) return <p className="error">Could not list servers: {serversError.message}</p>;
  if (servers.length === 0)
    return (
      <p className="muted">
        No MCP servers are configured. Add one with /mcp add NAME COMMAND [ARGS…] or on the Servers
        page.
      </p>
    );
  return (
    <ul className="mcp-status" role="list">
      {servers.map((s) => (
        <li key={s.name}>
          <div className="row">
            <button className="link-button" onClick={() => selectServer(s.name)}>
              {s.name}
            </button>
            <StatusWord status={s.status} />
            <span className="muted small">
              {s.toolCount} tools · {formatTokens(s.toolTokens)}
            </span>
          </div>
          {s.error && (
            <p className="error small">
              {s.error.message}
              {s.error.hint ? ` — ${s.error.hint}` : ''}
            </p>
          )}
          {(toolLists[s.name]?.value ?? []).length > 0 && (
            <p className="muted small mono">
              {(toolLists[s.name]?.value ?? []).map((t) => t.name).join(', ')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SystemCardView({ card }: { card: SystemCard }) {
  return (
    <div
      className={`system-card ${card.kind === 'notice' && card.tone === 'error' ? 'system-card-error' : ''}`}
      role="note"
      data-testid="system-card"
    >
      <div className="muted small">Lena · only you see this</div>
      {card.kind === 'mcp-status' ? (
        <>
          <strong>MCP servers</strong>
          <McpStatus />
        </>
      ) : (
        <>
          <p className={card.tone === 'error' ? 'error' : ''}>{card.text}</p>
          {card.detail && (
            <details>
              <summary>Details</summary>
              <pre className="mono detail-pre">{card.detail}</pre>
            </details>
          )}
        </>
      )}
    </div>
  );
}
