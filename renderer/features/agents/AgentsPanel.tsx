// A2A agents on the Servers page: each agent with its state and what its card says (name,
// description, skills, capabilities, authentication, version), "Add agent" by base URL with
// optional headers, and Remove. Claude sees each ready agent as the tool a2a__NAME.
import { useEffect, useState } from 'react';
import type { AgentView } from '../../../shared/a2a';
import { useLena, useLenaActions } from '../../store';
import { agentsSelectors } from '../../store/agents/initial-state';

const STATE_WORD: Record<AgentView['state'], string> = {
  ready: 'Ready',
  disabled: 'Off',
  skipped: 'Skipped',
  unreachable: 'Unreachable',
  'invalid-card': 'Invalid card',
  'needs-sign-in': 'Needs sign-in',
};

/** The agent's OAuth sign-in: its state, Sign in (the system browser) with Cancel, Sign out. */
function AgentSignIn({ agent }: { agent: AgentView }) {
  const { signInAgent, cancelAgentSignIn, signOutAgent } = useLenaActions();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const s = agent.signIn;
  if (!s) return null;
  const signIn = async () => {
    setPending(true);
    setError(null);
    setError(await signInAgent(agent.name));
    setPending(false);
  };
  return (
    <>
      <dt>Sign-in</dt>
      <dd data-testid="agent-sign-in">
        {pending
          ? 'Finish signing in in your browser…'
          : s.signedIn
            ? `Signed in${s.account ? ` as ${s.account}` : ''}${s.scopes?.length ? ` (${s.scopes.join(' ')})` : ''}`
            : agent.card
              ? 'Not signed in: Lena asks when Claude first delegates to it'
              : 'Not signed in: its card is behind the sign-in'}{' '}
        {pending ? (
          <button className="small-button" onClick={() => void cancelAgentSignIn(agent.name)}>
            Cancel
          </button>
        ) : s.signedIn ? (
          <button className="small-button" onClick={() => void signOutAgent(agent.name)}>
            Sign out
          </button>
        ) : (
          <button className="small-button" onClick={() => void signIn()}>
            Sign in
          </button>
        )}
        {error && (
          <span className="tool-note error" role="alert">
            {' '}
            {error}
          </span>
        )}
      </dd>
    </>
  );
}

function AgentCard({ agent }: { agent: AgentView }) {
  const { removeAgent } = useLenaActions();
  const c = agent.card;
  return (
    <li className="agent-item" data-testid="agent-item" data-state={agent.state}>
      <div className="row">
        <strong>{agent.name}</strong>
        <span className={`badge ${agent.state === 'ready' ? 'ok' : 'warn'}`}>
          {STATE_WORD[agent.state]}
        </span>
        <span className="muted small">{agent.url}</span>
        <span className="spacer" />
        <button className="small-button" onClick={() => void removeAgent(agent.name)}>
          Remove
        </button>
      </div>
      {agent.reason && (
        <p className="tool-note error" role="alert">
          {agent.reason}
        </p>
      )}
      {c && (
        <dl className="agent-card-facts">
          <dt>Card</dt>
          <dd>
            {c.name}
            {c.version ? ` ${c.version}` : ''}
            {c.provider ? ` · ${c.provider}` : ''}
          </dd>
          {c.description && (
            <>
              <dt>About</dt>
              <dd>{c.description}</dd>
            </>
          )}
          <dt>Protocol</dt>
          <dd>
            A2A {c.protocolVersion} over {c.binding}
          </dd>
          <dt>Capabilities</dt>
          <dd>
            streaming {c.streaming ? 'yes' : 'no'} · input {c.inputModes.join(', ') || '—'} · output{' '}
            {c.outputModes.join(', ') || '—'}
          </dd>
          <dt>Authentication</dt>
          <dd>{c.authentication.join('; ') || 'none declared'}</dd>
          <AgentSignIn agent={agent} />
          <dt>Skills</dt>
          <dd>
            {c.skills.length === 0 ? (
              '—'
            ) : (
              <ul className="agent-skills">
                {c.skills.map((s) => (
                  <li key={s.id}>
                    <strong>{s.name}</strong>
                    {s.description ? `: ${s.description}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Tool</dt>
          <dd>
            <code>a2a__{agent.name}</code>
          </dd>
        </dl>
      )}
      {!c && agent.signIn && (
        <dl className="agent-card-facts">
          <AgentSignIn agent={agent} />
        </dl>
      )}
    </li>
  );
}

/** "Name: value" lines as headers; null with the bad line. */
function parseHeaders(text: string): { headers: Record<string, string> } | { bad: string } {
  const headers: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const i = line.indexOf(':');
    if (i <= 0) return { bad: line };
    headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { headers };
}

function AddAgent({ onDone }: { onDone: () => void }) {
  const { addAgent } = useLenaActions();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [clientId, setClientId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = parseHeaders(headers);
    if ('bad' in parsed) return setError(`Header "${parsed.bad}" must look like "Name: value".`);
    setBusy(true);
    const failed = await addAgent(
      name.trim(),
      url.trim(),
      parsed.headers,
      clientId.trim() || undefined,
    );
    setBusy(false);
    if (failed) setError(failed);
    else onDone();
  };
  return (
    <form
      className="add-agent"
      aria-label="Add agent"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="research"
          pattern="[a-z0-9-]{1,48}"
          title="1 to 48 lowercase letters, digits and dashes"
          required
        />
      </label>
      <label>
        Base URL
        <input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://agent.example.com"
          required
        />
      </label>
      <label>
        Headers (one "Name: value" a line; ${'{'}secret:NAME{'}'} for a secret)
        <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} />
      </label>
      <label>
        OAuth client ID (only when the agent's sign-in does not let Lena register itself)
        <input
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          placeholder="optional"
        />
      </label>
      {error && (
        <p className="tool-note error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button className="primary" type="submit" disabled={busy}>
          {busy ? 'Fetching the card…' : 'Add agent'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function AgentsPanel() {
  const agents = useLena(agentsSelectors.agents);
  const error = useLena(agentsSelectors.error);
  const { loadAgents } = useLenaActions();
  const [adding, setAdding] = useState(false);
  useEffect(() => void loadAgents(), [loadAgents]);
  return (
    <section className="agents-panel" aria-label="A2A agents">
      <div className="row page-head">
        <h2>A2A agents</h2>
        <span className="spacer" />
        <button data-add-agent onClick={() => setAdding(true)}>
          + Add agent
        </button>
      </div>
      <p className="muted small">
        Other agents Claude can hand a task to. Each delegation is asked the first time.
      </p>
      {error && !adding && (
        <p className="tool-note error" role="alert">
          {error}
        </p>
      )}
      {adding && <AddAgent onDone={() => setAdding(false)} />}
      {agents.length === 0 && !adding ? (
        <p className="muted">No agents yet.</p>
      ) : (
        <ul className="agent-list">
          {agents.map((a) => (
            <AgentCard key={a.name} agent={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
