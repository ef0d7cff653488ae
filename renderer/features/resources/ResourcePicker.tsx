// The composer's + menu: pick a connected server, then a resource (or a filled-in template) to
// attach to the message. Escape or Close puts focus back in the composer.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import { ResourceBrowser } from './ResourceBrowser';

export function ResourcePicker({ onClose }: { onClose(): void }) {
  const names = useLena(useShallow(serversSelectors.connectedNames));
  const [server, setServer] = useState(names[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const { attachResource: attach } = useLenaActions();
  const onAttach = async (uri: string, name: string) => {
    const r = await attach(server, uri, name);
    if (r.ok) onClose();
    else setError(r.error.message);
  };
  return (
    <div
      className="resource-picker"
      role="dialog"
      aria-label="Attach a resource"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="row">
        <label htmlFor="picker-server">Server</label>
        <select id="picker-server" value={server} onChange={(e) => setServer(e.target.value)}>
          {names.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      {server ? (
        <ResourceBrowser
          key={server}
          server={server}
          headingLevel={2}
          onAttach={(uri, name) => void onAttach(uri, name)}
        />
      ) : (
        <p className="muted">No server is connected.</p>
      )}
    </div>
  );
}
