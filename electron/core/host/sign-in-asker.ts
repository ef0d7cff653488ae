// When a chat turn calls a tool on a server that needs a sign-in (its tokens were refused and could
// not be refreshed), the window asks in the conversation: "Sign in to NAME" with Sign in and
// Cancel, through the one broker like every other question (DESIGN.md "Asking the user").
// Sign in runs the server's OAuth flow (system browser, loopback redirect) while the card says it
// waits, with Cancel; then the server reconnects and the executor makes the call again. Cancel,
// a stopped turn or a timeout end the call with a result that says sign-in was cancelled.
import type { AuthRegistry } from '../mcp/auth/registry';
import { AuthError, findAuthError, SignInCancelledError } from '../mcp/auth/types';
import type { McpManager } from '../mcp/manager/manager';
import type { Asker } from './feature-ports';

/**
 * Asks for the sign-in a call to `tool` on `server` needs (in `conversationId`, the call's, when it
 * has one); resolves once it is done (or why not).
 */
export type SignInAsker = (
  server: string,
  tool: string,
  signal?: AbortSignal,
  conversationId?: string,
) => Promise<{ ok: true } | { ok: false; error: AuthError }>;

export interface SignInAskerDeps {
  broker: Asker;
  /** The sign-ins by name: the servers' registry, or the agents service (whose tokens it keeps). */
  auth: {
    signIn: (name: string) => Promise<unknown>;
    cancelSignIn: AuthRegistry['cancelSignIn'];
  };
  /** A server reconnects with its new tokens; an agent's next request carries them by itself. */
  manager?: Pick<McpManager, 'restart'>;
}

/** Whether a failed call failed for want of a sign-in (the provider's error, or the server's status). */
export function needsSignIn(
  err: unknown,
  status: { signIn?: { state: string } | null } | undefined,
): boolean {
  if (err instanceof SignInCancelledError) return false;
  return findAuthError(err)?.step === 'sign-in-required' || status?.signIn?.state === 'required';
}

export function signInAsker(deps: SignInAskerDeps): SignInAsker {
  // Calls that need the same server's sign-in at once share one card.
  const asking = new Map<string, ReturnType<SignInAsker>>();
  const run: SignInAsker = async (server, tool, signal, conversationId) => {
    const body = {
      kind: 'sign-in' as const,
      server,
      tool,
      ...(conversationId ? { conversationId } : {}),
    };
    const answer = await deps.broker.ask({ ...body, waiting: false }, { signal });
    if (answer.action !== 'accept')
      return { ok: false, error: new SignInCancelledError(server, tool) };
    // The card stays, saying Lena waits for the browser; its Cancel (or a stopped turn) gives up.
    let waitingId: string | undefined;
    let cancelled = false;
    void deps.broker
      .ask({ ...body, waiting: true }, { signal, onId: (id) => (waitingId = id) })
      .then((a) => {
        if (a.action !== 'cancel') return;
        cancelled = true;
        deps.auth.cancelSignIn(server);
      });
    try {
      await deps.auth.signIn(server);
    } catch (err) {
      if (cancelled) return { ok: false, error: new SignInCancelledError(server, tool) };
      return {
        ok: false,
        error:
          findAuthError(err) ??
          new AuthError('consent', `Signing in to ${server} failed: ${(err as Error).message}`),
      };
    } finally {
      if (waitingId && !cancelled) deps.broker.complete(waitingId);
    }
    await deps.manager?.restart(server);
    return { ok: true };
  };
  return (server, tool, signal, conversationId) => {
    let pending = asking.get(server);
    if (!pending) {
      pending = run(server, tool, signal, conversationId).finally(() => asking.delete(server));
      asking.set(server, pending);
    }
    return pending;
  };
}
