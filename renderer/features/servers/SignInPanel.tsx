// A remote server's OAuth sign-in on its overview: "Sign in required" with Sign in (the system
// browser opens the authorization page; Lena waits for its loopback redirect), "Signed in to NAME"
// with Sign out, and a failed step said plainly (discovery, registration, consent, token…).
// A simple button for now; the shared question frame of the security issue will host it later.
import { useState } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { RestartingWord, StatusWord } from '../../components/StatusWord';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';

const STEP: Record<string, string> = {
  discovery: 'finding where to sign in',
  registration: 'registering Lena with the server',
  consent: 'the browser sign-in',
  token: 'getting the token',
  refresh: 'refreshing the sign-in',
  scope: 'getting enough access',
};

/** The status word, except that a server waiting for a sign-in or a restart says so (amber, not "Failed"). */
export function ServerStatusWord({ server }: { server: ServerStatus }) {
  if (server.status === 'failed' && server.restart)
    return <RestartingWord restart={server.restart} />;
  if (server.signIn?.state !== 'required') return <StatusWord status={server.status} />;
  return (
    <span className="status-word" data-status="sign-in-required">
      <span className="dot dot-amber" aria-hidden />
      Sign in required
    </span>
  );
}

export function SignInPanel({ server }: { server: ServerStatus }) {
  const { signInServer, signOutServer, cancelSignIn } = useLenaActions();
  const [busy, setBusy] = useState<'in' | 'out' | null>(null);
  const [error, setError] = useState<{ which: 'in' | 'out'; error: UiError } | null>(null);
  const sign = server.signIn;
  if (!sign) return null;
  const run = async (which: 'in' | 'out') => {
    setBusy(which);
    const r = which === 'in' ? await signInServer(server.name) : await signOutServer(server.name);
    setBusy(null);
    setError(r.ok ? null : { which, error: r.error });
  };
  return (
    <div className="notice sign-in" role="status" data-testid="sign-in">
      {sign.state === 'signed-in' ? (
        <p>
          Signed in to <strong className="mono">{server.name}</strong>
          {sign.account ? (
            <>
              {' '}
              as <strong>{sign.account}</strong>
            </>
          ) : null}
          .
        </p>
      ) : sign.state === 'required' ? (
        <p>
          <strong>Sign in required.</strong> {server.name} asks you to sign in; your browser opens
          its sign-in page, and Lena keeps the token in your system’s secret store.
        </p>
      ) : (
        <p>
          <strong>Sign-in failed</strong>
          {sign.step && STEP[sign.step] ? <> while {STEP[sign.step]}</> : null}. Try again, or fix
          the entry’s “oauth” options.
        </p>
      )}
      <div className="row">
        {sign.state === 'signed-in' ? (
          <>
            <button disabled={busy !== null} onClick={() => void run('out')}>
              {busy === 'out' ? 'Signing out…' : 'Sign out'}
            </button>
            <button
              className="ghost"
              title="Sign in again, for another account or when the server asks for more access"
              disabled={busy !== null}
              onClick={() => void run('in')}
            >
              {busy === 'in' ? 'Waiting for the browser…' : 'Sign in again'}
            </button>
          </>
        ) : (
          <button className="primary" disabled={busy !== null} onClick={() => void run('in')}>
            {busy === 'in' ? 'Waiting for the browser…' : 'Sign in'}
          </button>
        )}
        {busy === 'in' && <button onClick={() => void cancelSignIn(server.name)}>Cancel</button>}
      </div>
      {error && (
        <ErrorNote
          title={error.which === 'out' ? 'Sign-out did not complete' : 'Sign-in did not complete'}
          error={error.error}
        />
      )}
    </div>
  );
}
