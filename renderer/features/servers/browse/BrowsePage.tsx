// Browse: the MCP Registry in the servers page. A search box, one page of servers at a time (name,
// title, description, version, status, what it installs from), and the install form of the one
// picked. Deleted servers never arrive; a deprecated one says so with the registry's message.
import { useState } from 'react';
import type { RegistryServerSummary } from '../../../../shared/install-types';
import { Spinner } from '../../../components/Delayed';
import { ErrorNote } from '../../../components/ErrorNote';
import { useLena, useLenaActions } from '../../../store';
import { registrySelectors } from '../../../store/registry/selectors';
import { InstallForm } from './InstallForm';
import { RegistrySource } from './RegistrySource';

function sources(s: RegistryServerSummary): string[] {
  return [
    ...s.packages.map((p) => p.registryType),
    ...s.remotes.map((r) => (r.type === 'streamable-http' ? 'remote http' : `remote ${r.type}`)),
  ];
}

function RegistryRow({ server }: { server: RegistryServerSummary }) {
  const { openRegistryServer } = useLenaActions();
  return (
    <li className="registry-row" data-registry-server={server.name}>
      <div className="row">
        <strong>{server.title ?? server.name}</strong>
        <span className="muted small mono">{server.version}</span>
        {server.status === 'deprecated' && (
          <span className="chip warning" title={server.statusMessage}>
            deprecated
          </span>
        )}
        <span className="spacer" />
        <button onClick={() => void openRegistryServer(server.name)}>Install…</button>
      </div>
      {server.title && <div className="muted small mono">{server.name}</div>}
      <p className="small">{server.description}</p>
      {server.status === 'deprecated' && server.statusMessage && (
        <p className="small warning">Deprecated: {server.statusMessage}</p>
      )}
      <div className="row small">
        {sources(server).map((k, i) => (
          <span key={`${k}-${i}`} className="chip">
            {k}
          </span>
        ))}
        {server.repository && <span className="muted mono">{server.repository}</span>}
      </div>
    </li>
  );
}

export function BrowsePage() {
  const page = useLena(registrySelectors.page);
  const pageNumber = useLena(registrySelectors.pageNumber);
  const query = useLena(registrySelectors.query);
  const detail = useLena(registrySelectors.detail);
  const { searchRegistry, nextRegistryPage, previousRegistryPage, setBrowsingRegistry } =
    useLenaActions();
  const [text, setText] = useState(query);
  if (detail.status !== 'idle') return <InstallForm />;
  const value = page.value;
  return (
    <section className="registry-browse" aria-label="Browse the MCP Registry">
      <div className="row">
        <h2>Browse the MCP Registry</h2>
        <span className="spacer" />
        <button onClick={() => setBrowsingRegistry(false)}>Close</button>
      </div>
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void searchRegistry(text);
        }}
      >
        <input
          aria-label="Search servers by name"
          placeholder="Search by name: github, postgres, memory…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="primary">
          Search
        </button>
      </form>
      <RegistrySource shown={value?.registry ?? null} query={query} />
      {value?.stale && (
        <p className="warning small" role="status">
          {value.stale.reason}. Showing the page as cached at{' '}
          {new Date(value.stale.fetchedAt).toLocaleString()}.
        </p>
      )}
      {page.status === 'error' && page.error ? (
        <ErrorNote title="Could not read the registry" error={page.error}>
          <button onClick={() => void searchRegistry(text)}>Retry</button>
        </ErrorNote>
      ) : page.status === 'loading' && !value ? (
        <Spinner label="Searching the registry…" />
      ) : null}
      {value && value.servers.length === 0 && (
        <p className="muted">No server has “{query}” in its name.</p>
      )}
      {value && value.servers.length > 0 && (
        <ul className="registry-list" role="list" aria-label="Registry servers">
          {value.servers.map((s) => (
            <RegistryRow key={s.name} server={s} />
          ))}
        </ul>
      )}
      <div className="row">
        <button disabled={pageNumber === 1} onClick={() => void previousRegistryPage()}>
          ← Previous
        </button>
        <span className="muted small">Page {pageNumber}</span>
        <button disabled={!value?.nextCursor} onClick={() => void nextRegistryPage()}>
          Next →
        </button>
      </div>
    </section>
  );
}
