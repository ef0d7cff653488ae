// Agents' OAuth sign-ins, with the very provider MCP servers use (mcp/auth/provider.ts): PKCE S256,
// the loopback redirect, the guarded fetch and its address policy, dynamic registration where the
// authorization server offers it (else the entry's client id), refresh before expiry and on a 401,
// revocation on sign-out. Only discovery differs: the Agent Card names the authorization server.
// Tokens are kept in the same store as servers' (oauth.json + the secret store), keyed by the
// agent's identity: its name AND its address, so a name pointed elsewhere inherits nothing.
import { OAuthProvider, type SignInHost, type SignInState } from '../mcp/auth/provider';
import { signInIdentity, type AuthStore } from '../mcp/auth/store';
import { AuthError, findAuthError } from '../mcp/auth/types';
import { discoverFromCard, type AgentOAuthScheme } from './oauth-scheme';

/** The identity an agent's tokens are kept under: its name and the address it was added with. */
export const agentAuthIdentity = (name: string, url: string): string => `a2a:${name}@${url}`;

export interface AgentAuthOptions {
  store: AuthStore;
  host: SignInHost;
  log?: (level: 'info' | 'warn', message: string) => void;
}

/** What a provider is built from: the agent, its card's scheme, and the entry's client id. */
export interface AgentSignInTarget {
  name: string;
  /** The agent's address as added (expanded): with the name, its identity. */
  url: string;
  /** Where requests go (the card's interface): the token's audience. */
  endpoint: string;
  scheme: AgentOAuthScheme;
  clientId?: string;
}

/** The sign-in a request to an agent needs and cannot get by itself (no token, or refused). */
export class AgentSignInRequired extends AuthError {
  constructor(
    readonly agent: string,
    detail?: string,
  ) {
    super(
      'sign-in-required',
      `Agent ${agent} needs you to sign in${detail ? ` (${detail})` : ''}.`,
      { hint: `Sign in when Lena asks, or run \`lena agents login ${agent}\`.` },
    );
    this.name = 'AgentSignInRequired';
  }
}

/** One OAuth provider per agent, kept while its identity, scheme and client id stay the same. */
export class AgentAuth {
  private readonly providers = new Map<string, { signature: string; provider: OAuthProvider }>();

  constructor(private readonly options: AgentAuthOptions) {}

  provider(t: AgentSignInTarget): OAuthProvider {
    const identity = agentAuthIdentity(t.name, t.url);
    const signature = JSON.stringify([identity, t.endpoint, t.scheme, t.clientId ?? null]);
    const known = this.providers.get(t.name);
    if (known?.signature === signature) return known.provider;
    const endpoint = new URL(t.endpoint);
    const provider = new OAuthProvider({
      name: t.name,
      identity,
      serverUrl: endpoint,
      settings: {
        ...(t.clientId ? { clientId: t.clientId } : {}),
        ...(t.scheme.scopes.length ? { scopes: t.scheme.scopes } : {}),
      },
      store: this.options.store,
      // A request never starts a browser by itself: Lena asks first (window), or says to log in.
      host: { ...this.options.host, interactive: false },
      ...(this.options.log ? { log: this.options.log } : {}),
      discover: (fetch) => discoverFromCard(fetch, t.scheme, endpoint),
    });
    this.providers.set(t.name, { signature, provider });
    return provider;
  }

  async state(t: AgentSignInTarget): Promise<SignInState> {
    return this.provider(t).state();
  }

  /** Runs the sign-in (joining one under way); resolves once the tokens are stored. */
  async signIn(t: AgentSignInTarget): Promise<SignInState> {
    const provider = this.provider(t);
    try {
      await provider.signIn();
    } catch (err) {
      const failed = findAuthError(err);
      // The servers' wording names their entry's "oauth" block; an agent's client id is a flag.
      if (failed?.step === 'registration' && !t.clientId)
        throw new AuthError(
          'registration',
          `The authorization server of agent ${t.name} does not let Lena register itself, and no client id is set for it.`,
          {
            hint: `Register Lena with the agent's provider as a native app with a loopback redirect (http://127.0.0.1/callback), then add the agent again with its client id: lena agents remove ${t.name}, then lena agents add ${t.name} URL --client-id ID (or the window's Add agent form).`,
            cause: err,
          },
        );
      throw err;
    }
    return provider.state();
  }

  cancelSignIn(name: string): boolean {
    return this.providers.get(name)?.provider.cancelSignIn() ?? false;
  }

  /**
   * Signs out: revokes where the card can still be read (`t`), and forgets every token kept under
   * the agent's identity either way. True when there was something to forget.
   */
  async signOut(
    name: string,
    url: string,
    t?: AgentSignInTarget,
  ): Promise<{ signedOut: boolean; revoked: boolean }> {
    let revoked = false;
    if (t)
      revoked = (
        await this.provider(t)
          .signOut()
          .catch(() => ({ revoked: false }))
      ).revoked;
    const identity = agentAuthIdentity(name, url);
    const keys = (await this.options.store.serverKeys()).filter(
      (k) => signInIdentity(k) === identity,
    );
    for (const key of keys) {
      await this.options.store.deleteTokens(key);
      await this.options.store.deleteDpopKey(key);
    }
    this.providers.delete(name);
    return { signedOut: keys.length > 0 || revoked, revoked };
  }
}

/** The agent's sign-in an error calls for, if that is why it failed. */
export function signInNeeded(err: unknown): AuthError | undefined {
  const found = findAuthError(err);
  return found?.step === 'sign-in-required' ? found : undefined;
}

/**
 * fetch with the agent's bearer token (refreshed ahead of expiry); a 401 refreshes and repeats
 * once, or fails with AgentSignInRequired; a 403 insufficient_scope asks for more access the same way.
 */
export function authorizedFetch(
  base: typeof fetch,
  provider: OAuthProvider,
  agent: string,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const send = async () => {
      const headers = new Headers(request.headers);
      for (const [k, v] of Object.entries(await provider.headers(request.method, url)))
        headers.set(k, v);
      return base(request.url, {
        method: request.method,
        headers,
        ...(body ? { body } : {}),
        signal: init?.signal ?? request.signal,
      });
    };
    const response = await send();
    if (response.status !== 401 && response.status !== 403) return response;
    const view = {
      status: response.status,
      headers: Object.fromEntries(
        [...response.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]),
      ),
    };
    let verdict: 'retry' | 'proceed';
    try {
      verdict = await provider.observe(view, { method: request.method, url });
    } catch (err) {
      if (!signInNeeded(err)) throw err;
      throw new AgentSignInRequired(
        agent,
        response.status === 403 ? 'it needs more access' : undefined,
      );
    }
    if (verdict === 'proceed') return response;
    await response.body?.cancel();
    return send();
  };
}
