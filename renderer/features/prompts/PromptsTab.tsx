// The servers page's Prompts tab: each prompt with its description and arguments, how to run it
// from the composer (`/server:prompt`), and "Use in chat", which opens its form in the composer.
import { useEffect, useState } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';

export function PromptsTab({ server }: { server: ServerStatus }) {
  const offerings = useLena(resourcesSelectors.offerings(server.name));
  const error = useLena(resourcesSelectors.offeringsError(server.name));
  const { loadOfferings: load, openPromptInChat } = useLenaActions();
  const [useError, setUseError] = useState<string | null>(null);
  const use = async (name: string) => {
    const r = await openPromptInChat(server.name, name);
    setUseError(r.ok ? null : r.error.message);
  };
  const connected = server.status === 'connected';
  useEffect(() => {
    if (connected) void load(server.name);
  }, [connected, server.name, load]);
  if (!connected)
    return <p className="muted">Prompts are listed once {server.name} is connected.</p>;
  if (error)
    return (
      <ErrorNote title={`Could not list the prompts of ${server.name}`} error={error}>
        <button onClick={() => void load(server.name)}>Retry</button>
      </ErrorNote>
    );
  if (!offerings) return <p className="muted">Loading prompts…</p>;
  if (offerings.prompts.length === 0)
    return <p className="muted">{server.name} offers no prompts.</p>;
  return (
    <>
      {useError && (
        <p className="error small" role="alert">
          {useError}
        </p>
      )}
      <ul className="resource-list" aria-label={`Prompts of ${server.name}`}>
        {offerings.prompts.map((p) => (
          <li key={p.name}>
            <div className="grow">
              <strong className="mono">
                /{server.name}:{p.name}
              </strong>{' '}
              {p.title && <span className="muted">{p.title}</span>}
              {p.description && <div className="small">{p.description}</div>}
              <div className="muted small">
                Arguments:{' '}
                {(p.arguments ?? []).map((a) => `${a.name}${a.required ? ' *' : ''}`).join(', ') ||
                  'none'}
              </div>
            </div>
            <button
              type="button"
              aria-label={`Use in chat: /${server.name}:${p.name}`}
              onClick={() => void use(p.name)}
            >
              Use in chat
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
