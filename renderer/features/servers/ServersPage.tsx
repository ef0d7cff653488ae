// The servers page: every server (status dot and word, scope, transport, version, tools, token
// cost) on the left, the selected server's detail or "Add server" on the right.
import { AgentsPanel } from '../agents/AgentsPanel';
import { Spinner } from '../../components/Delayed';
import { ErrorNote } from '../../components/ErrorNote';
import { formatTokens } from '../../lib/format';
import { useCloseWithEscape } from '../../components/LeaveBar';
import { useLena, useLenaActions } from '../../store';
import { registrySelectors } from '../../store/registry/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { AddServer } from './AddServer';
import { BrowsePage } from './browse/BrowsePage';
import { BundleSheet } from './bundles/BundleSheet';
import { InstallFromFile } from './bundles/InstallFromFile';
import { ImportButton } from './ImportButton';
import { pendingSummary } from './PendingTools';
import { ServerDetail } from './ServerDetail';
import { ServerStatusWord } from './SignInPanel';
import { Suggestions } from './Suggestions';

function ServerList() {
  const servers = useLena(serversSelectors.servers);
  const selected = useLena(serversSelectors.selectedName);
  const { selectServer } = useLenaActions();
  return (
    <ul role="list" className="server-list" aria-label="Servers">
      {servers.map((s) => (
        <li key={s.name} role="listitem">
          <button
            className={`server-item ghost ${selected === s.name ? 'active' : ''}`}
            data-server={s.name}
            aria-current={selected === s.name ? 'true' : undefined}
            onClick={() => selectServer(s.name)}
          >
            <span className="row">
              <strong className="mono">{s.name}</strong>
              <span className="spacer" />
              <ServerStatusWord server={s} />
            </span>
            <span className="muted small">
              {[
                s.scope,
                s.transport,
                s.serverInfo && `v${s.serverInfo.version}`,
                s.status === 'connected' && `${s.toolCount} tools`,
                s.status === 'connected' && formatTokens(s.toolTokens),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {pendingSummary(s) && (
              <span className="small warning">{pendingSummary(s)} waiting for you</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ServersPage() {
  const { status: state, error } = useLena(serversSelectors.serversLoad);
  const servers = useLena(serversSelectors.servers);
  const adding = useLena(serversSelectors.addingServer);
  const selected = useLena(serversSelectors.selected);
  const browsing = useLena(registrySelectors.browsing);
  const bundle = useLena(registrySelectors.bundleSheet);
  const bundleError = useLena(registrySelectors.bundleError);
  const bundleOpening = useLena(registrySelectors.bundleOpening);
  const {
    loadServers,
    setAddingServer,
    reloadServers,
    setView,
    setBrowsingRegistry,
    closeBundle,
    selectServer,
  } = useLenaActions();
  // Escape closes the page back to the chat (the form inside, when open, takes Escape first);
  // with unsaved configuration edits it asks first.
  const { bar } = useCloseWithEscape('page', () => setView('chat'));
  return (
    <section className="page servers-page" aria-label="Servers">
      <div className="row page-head">
        <h1>MCP servers</h1>
        <span className="spacer" />
        <button onClick={() => void reloadServers()}>Reload</button>
        <button data-browse-registry onClick={() => setBrowsingRegistry(true)}>
          Browse registry
        </button>
        <InstallFromFile />
        <button
          data-show-agents
          onClick={() => {
            setBrowsingRegistry(false);
            selectServer(null);
          }}
        >
          Agents
        </button>
        <button className="primary" data-add-server onClick={() => setAddingServer(true)}>
          + Add server
        </button>
      </div>
      {bar}
      {bundleOpening && <Spinner label="Opening the bundle…" />}
      {bundleError && (
        <ErrorNote title="Could not open the bundle" error={bundleError}>
          <button onClick={closeBundle}>Close</button>
        </ErrorNote>
      )}
      {state === 'error' && error ? (
        <ErrorNote title="Could not list the servers" error={error}>
          <button onClick={() => void loadServers()}>Retry</button>
          <button onClick={() => setAddingServer(true)}>Add a server anyway</button>
        </ErrorNote>
      ) : state === 'loading' || state === 'idle' ? (
        <Spinner label="Loading servers…" />
      ) : null}
      <div className="servers-split">
        {servers.length > 0 && <ServerList />}
        <div className="servers-main">
          {bundle ? (
            <BundleSheet key={bundle.token} opened={bundle} />
          ) : browsing && !adding && !selected ? (
            <BrowsePage />
          ) : adding ? (
            <AddServer />
          ) : selected ? (
            <ServerDetail key={selected.name} server={selected} />
          ) : servers.length === 0 && state === 'ready' ? (
            <div className="empty-state left">
              <p>No servers yet. Servers give Claude tools: files, memory, the web.</p>
              <div className="row">
                <button className="primary" onClick={() => setAddingServer(true)}>
                  Add a server
                </button>
                <ImportButton />
              </div>
              <Suggestions />
            </div>
          ) : servers.length > 0 ? (
            <p className="muted">
              Select a server to see its status, tools, logs and configuration.
            </p>
          ) : null}
          {/* A2A agents take the place of a server's detail while none is open. */}
          {!bundle && !browsing && !adding && !selected && <AgentsPanel />}
        </div>
      </div>
    </section>
  );
}
