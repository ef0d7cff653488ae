// One remote server's authorization: the AuthProvider its HTTP transport asks for headers and
// shows responses. It owns discovery, the client identity, sign-in, refresh (before expiry and on
// a 401), step-up on 403 insufficient_scope, and sign-out. A token goes only to the origin of the
// resource it was issued for; everything it fetches passes the address policy.
import { AddressPolicy, type Resolver } from './address-policy';
import { clientCredentialsGrant, machineIdentity } from './client-credentials';
import { enterpriseGrant } from './enterprise';
import { jwtBearerGrant, workloadIdentity } from './workload-identity';
import {
  reuseClient,
  resolveClient,
  type ClientIdentity,
  type OAuthSettings,
} from './client-identity';
import { DpopKey, offersDpop } from './dpop';
import { discover, resourceMatches, type Discovered } from './discovery';
import {
  authorizeWithCode,
  refreshRefused,
  refreshTokens,
  revokeTokens,
  type GrantContext,
} from './flow';
import { guardedFetch, type GuardedFetch } from './guarded-fetch';
import { openLoopbackRedirect, unheardRedirect, type LoopbackRedirect } from './loopback';
import { chooseScopes, unionScopes } from './scopes';
import { signInKey, type AuthStore, type StoredTokens } from './store';
import {
  AuthError,
  SignInRequiredError,
  type AuthProvider,
  type AuthResponseView,
  type AuthVerdict,
  type BearerChallenge,
} from './types';
import { parseBearerChallenge } from './www-authenticate';

/** How a sign-in reaches the user. */
export interface SignInHost {
  /** Opens the authorization URL: the system browser, a printed URL, or the conformance runner. */
  open(url: URL, server: string): Promise<void>;
  /** True where a 401 may start a sign-in by itself (`lena mcp login`, conformance); the window asks first. */
  interactive: boolean;
  /** How long to wait for the browser to come back (default 5 minutes). */
  timeoutMs?: number;
  /**
   * The pasted fallback of `lena mcp login`: what the user pastes (the address the browser ended
   * on, or the code). With it, a sign-in goes ahead even where the loopback redirect cannot listen.
   */
  paste?: (signal: AbortSignal) => Promise<string>;
}

export interface OAuthProviderOptions {
  name: string;
  /**
   * The server's identity (mcp/config/identity.ts `serverKey`), which keys its tokens with the URL.
   * The registry always gives it; a provider made alone (a test, the conformance driver) uses the name.
   */
  identity?: string;
  serverUrl: URL;
  settings?: OAuthSettings;
  store: AuthStore;
  host: SignInHost;
  now?: () => number;
  resolver?: Resolver;
  /** Says what happened, never with a token. */
  log?: (level: 'info' | 'warn', message: string) => void;
  /** Tokens this server had were lost (refused, refresh failed; not a sign-out): it needs a sign-in. */
  onSignedOut?: () => void;
  /**
   * Finds the authorization server another way than the MCP rules (an A2A Agent Card names its
   * endpoints); it fetches through the guarded fetch it is given, so the address policy holds.
   */
  discover?: (fetch: GuardedFetch) => Promise<Discovered>;
}

/** What the window and `lena mcp list` show about a server's sign-in. */
export interface SignInState {
  signedIn: boolean;
  account?: string;
  issuer?: string;
  scopes?: string[];
  expiresAt?: number;
  refreshable?: boolean;
}

const REFRESH_AHEAD_MS = 60_000;

/** Refresh a minute before expiry, or a quarter of the lifetime for short-lived tokens. */
function refreshMargin(t: StoredTokens): number {
  return t.issuedAt !== undefined && t.expiresAt !== undefined
    ? Math.min(REFRESH_AHEAD_MS, (t.expiresAt - t.issuedAt) / 4)
    : REFRESH_AHEAD_MS;
}
const MAX_STEP_UPS = 2;

export class OAuthProvider implements AuthProvider {
  readonly name: string;
  readonly serverUrl: URL;
  /** The store key (store.ts `signInKey`): a token belongs to this server identity at this URL. */
  readonly key: string;
  private readonly settings: OAuthSettings;
  private readonly now: () => number;
  private tokens: StoredTokens | undefined;
  private loading: Promise<void> | undefined;
  private discovered: Discovered | undefined;
  private policy: AddressPolicy | undefined;
  private challenge: BearerChallenge | undefined;
  private pending: Promise<void> | undefined;
  private cancelPending: AbortController | undefined;
  private refreshing: Promise<boolean> | undefined;
  /** Why the last refresh failed without the server refusing it (kept tokens). */
  private refreshError: AuthError | undefined;
  private readonly triedScopes = new Set<string>();
  private stepUps = 0;
  /** Scopes a refused step-up asked for (the window signs in again with them when the user says so). */
  private wantedScopes: string[] | undefined;
  /** This server's DPoP key, made when its authorization server first offers DPoP, kept in the secret store. */
  private dpop: DpopKey | undefined;
  private dpopLoading: Promise<DpopKey | undefined> | undefined;

  constructor(private readonly options: OAuthProviderOptions) {
    this.name = options.name;
    this.serverUrl = new URL(options.serverUrl.href);
    this.key = signInKey(options.identity ?? options.name, this.serverUrl);
    this.settings = options.settings ?? {};
    this.now = options.now ?? Date.now;
  }

  async headers(method: string, url: URL): Promise<Record<string, string>> {
    await this.load();
    if (!this.mayCarryToken(url)) return {};
    const t = this.tokens;
    if (t?.expiresAt !== undefined && t.refreshToken && t.expiresAt - this.now() < refreshMargin(t))
      await this.refresh().catch(() => false);
    const token = this.tokens?.accessToken;
    if (!token) return {};
    // A DPoP-bound token from before a restart: its key is in the secret store.
    if (this.tokens?.tokenType?.toLowerCase() === 'dpop' && (await this.dpopKey(false)))
      return { Authorization: `DPoP ${token}`, DPoP: await this.dpop!.proof(method, url, token) };
    return { Authorization: `Bearer ${token}` };
  }

  async observe(
    response: AuthResponseView,
    request: { method: string; url: URL },
  ): Promise<AuthVerdict> {
    if (request.url.origin !== this.serverUrl.origin) return 'proceed';
    if (this.dpop?.observe(response, request.url) && this.tokens) return 'retry'; // the resource's DPoP nonce
    if (response.status !== 401 && response.status !== 403) return 'proceed';
    const challenge = parseBearerChallenge(response.headers['www-authenticate']);
    if (response.status === 403)
      return challenge?.error === 'insufficient_scope' ? this.stepUp(challenge) : 'proceed';
    this.challenge = challenge;
    const sent = this.tokens;
    if (sent?.refreshToken) {
      if (await this.refresh()) return 'retry';
      // Not refused, just unreachable (network, 5xx): keep the refresh token for the next try.
      if (this.tokens === sent && this.refreshError) throw this.refreshError;
    }
    if (sent && this.tokens === sent) await this.forget(); // refused and not refreshable
    if (this.pending) {
      await this.pending; // another request is signing in already: share its outcome
      return 'retry';
    }
    if (!this.mayStartSignIn) throw new SignInRequiredError(this.name, challenge?.errorDescription);
    await this.signIn();
    return 'retry';
  }

  /** Starts (or joins) an interactive sign-in; resolves once tokens are stored. */
  signIn(scopes?: string[]): Promise<void> {
    if (!this.pending) {
      const abort = (this.cancelPending = new AbortController());
      this.pending = this.runSignIn(scopes ?? this.wantedScopes, abort.signal).finally(() => {
        this.pending = undefined;
        this.cancelPending = undefined;
      });
    }
    return this.pending;
  }

  /** Cancels a pending sign-in (the user closed the browser tab); it fails with "Sign-in was cancelled." */
  cancelSignIn(): boolean {
    this.cancelPending?.abort();
    return this.cancelPending !== undefined;
  }

  /** Forgets this server's tokens, revoking them first when the authorization server supports it. */
  async signOut(): Promise<{ revoked: boolean }> {
    await this.load();
    const tokens = this.tokens;
    let revoked = false;
    if (tokens) {
      try {
        const ctx = await this.grantContext(tokens);
        revoked = ctx ? await revokeTokens(ctx, tokens) : false;
      } catch (err) {
        this.options.log?.(
          'warn',
          `Revoking the tokens of ${this.name} failed (${(err as Error).message}); they are forgotten here anyway.`,
        );
      }
    }
    await this.forget(true);
    // The key goes with the tokens bound to it; the next sign-in makes a new one.
    this.dpop = undefined;
    this.dpopLoading = undefined;
    await this.options.store.deleteDpopKey(this.key);
    return { revoked };
  }

  async state(): Promise<SignInState> {
    await this.load();
    const t = this.tokens;
    if (!t) return { signedIn: false };
    return {
      signedIn: true,
      issuer: t.issuer,
      refreshable: !!t.refreshToken,
      ...(t.account ? { account: t.account } : {}),
      ...(t.scope ? { scopes: t.scope } : {}),
      ...(t.expiresAt ? { expiresAt: t.expiresAt } : {}),
    };
  }

  // A token is only for the origin (and resource) it was issued for: never another host. The
  // resource check is remembered per token set: this runs on every request.
  private checked: { tokens: StoredTokens; ok: boolean } | undefined;
  private mayCarryToken(url: URL): boolean {
    const t = this.tokens;
    if (!t || url.origin !== this.serverUrl.origin) return false;
    if (this.checked?.tokens !== t)
      this.checked = { tokens: t, ok: resourceMatches(t.resource, this.serverUrl) };
    return this.checked.ok;
  }

  // A machine client (client credentials) needs no user: it gets its token wherever it is.
  private get mayStartSignIn(): boolean {
    return this.options.host.interactive || this.machine;
  }

  private get machine(): boolean {
    return (
      this.settings.grant === 'client_credentials' ||
      this.settings.grant === 'jwt_bearer' ||
      this.settings.grant === 'enterprise'
    );
  }

  private load(): Promise<void> {
    this.loading ??= this.options.store.loadTokens(this.key).then((t) => {
      this.tokens ??= t;
    });
    return this.loading;
  }

  private async forget(signedOut = false): Promise<void> {
    const had = this.tokens !== undefined;
    this.tokens = undefined;
    await this.options.store.deleteTokens(this.key);
    // After the failing request has reported its error: a reconnect now would swallow that error.
    // A machine client gets new tokens by itself: it never needs the user to sign in.
    if (had && !signedOut && !this.machine)
      setTimeout(() => this.options.onSignedOut?.(), 0).unref?.();
  }

  // The stored key (once per provider), else with `create` a new one, saved before any token binds to it.
  private async dpopKey(create: boolean): Promise<DpopKey | undefined> {
    if (this.dpop) return this.dpop;
    this.dpopLoading ??= this.options.store
      .loadDpopKey(this.key)
      .then((saved) => (saved ? DpopKey.restore(saved) : undefined));
    this.dpop = await this.dpopLoading;
    if (!this.dpop && create) {
      const made = await DpopKey.create();
      await this.options.store.saveDpopKey(this.key, await made.exportPrivate());
      this.dpop = made;
    }
    return this.dpop;
  }

  private async addressPolicy(): Promise<AddressPolicy> {
    this.policy ??= await AddressPolicy.forServer(this.serverUrl, this.options.resolver);
    return this.policy;
  }

  private async find(fresh: boolean): Promise<Discovered> {
    if (this.discovered && !fresh) return this.discovered;
    const fetch = guardedFetch({ policy: await this.addressPolicy(), step: 'discovery' });
    this.discovered = this.options.discover
      ? await this.options.discover(fetch)
      : await discover(fetch, this.serverUrl, this.challenge);
    return this.discovered;
  }

  private async context(
    d: Discovered,
    identity: ClientIdentity,
    step: 'token' | 'refresh',
  ): Promise<GrantContext> {
    const policy = await this.addressPolicy();
    // The entry's "dpop": false never, true always (the server may support it unadvertised), else where offered.
    const useDpop = this.settings.dpop ?? offersDpop(d.as);
    if (useDpop) await this.dpopKey(true);
    const dpop = this.dpop && useDpop ? { dpop: this.dpop.handle(identity.client) } : {};
    return {
      as: d.as,
      identity,
      resource: d.resource,
      fetch: guardedFetch({ policy, step }),
      allowHttp: policy.allowsHttp,
      now: this.now,
      ...dpop,
    };
  }

  // The client the tokens were issued to, for refresh and revocation; undefined when unknown.
  private async grantContext(tokens: StoredTokens): Promise<GrantContext | undefined> {
    const d = await this.find(false);
    if (d.as.issuer !== tokens.issuer) return undefined; // the server moved: these tokens are not its
    const identity = this.machine
      ? await this.machineIdentity(d)
      : await reuseClient(d.as, this.settings, this.options.store, tokens.clientId);
    return identity ? this.context(d, identity, 'refresh') : undefined;
  }

  private refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async runRefresh(): Promise<boolean> {
    const previous = this.tokens;
    if (!previous?.refreshToken) return false;
    try {
      const ctx = await this.grantContext(previous);
      if (!ctx) return false;
      const next = await refreshTokens(ctx, previous);
      this.refreshError = undefined;
      this.tokens = next;
      await this.options.store.saveTokens(this.key, next);
      this.options.log?.('info', `Refreshed the sign-in of ${this.name}.`);
      return true;
    } catch (err) {
      this.options.log?.('warn', (err as Error).message);
      if (refreshRefused(err) && this.tokens === previous) await this.forget();
      else
        this.refreshError =
          err instanceof AuthError
            ? err
            : new AuthError('refresh', (err as Error).message, { cause: err });
      return false;
    }
  }

  private async stepUp(challenge: BearerChallenge): Promise<AuthVerdict> {
    const wanted = unionScopes(this.tokens?.scope, challenge.scope);
    const key = wanted.join(' ');
    if (this.triedScopes.has(key) || this.stepUps >= MAX_STEP_UPS) {
      throw new AuthError(
        'scope',
        `${this.name} refused the request for lack of access (insufficient_scope${challenge.scope ? `: needs "${challenge.scope.join(' ')}"` : ''}), even after signing in with those scopes.`,
        {
          hint: 'Your account may not be allowed this; ask the server operator, or sign in as another user.',
        },
      );
    }
    this.stepUps++;
    if (!this.mayStartSignIn) {
      this.wantedScopes = wanted;
      throw new SignInRequiredError(this.name, `it needs more access: ${key}`);
    }
    if (this.pending) await this.pending;
    else await this.signIn(wanted);
    return 'retry';
  }

  private async machineIdentity(d: Discovered): Promise<ClientIdentity> {
    return this.settings.grant === 'client_credentials'
      ? machineIdentity(d.as, this.settings)
      : workloadIdentity(d.as, this.settings);
  }

  // Client credentials or a workload's JWT: no user, no browser.
  private async runMachineGrant(d: Discovered, explicit: string[] | undefined): Promise<void> {
    const scopes =
      explicit ??
      chooseScopes({
        configured: this.settings.scopes,
        challenge: this.challenge?.scope,
        prm: d.prm,
        as: d.as,
      });
    if (scopes) this.triedScopes.add(unionScopes(scopes, undefined).join(' '));
    const ctx = await this.context(d, await this.machineIdentity(d), 'token');
    const grants = {
      client_credentials: clientCredentialsGrant,
      jwt_bearer: jwtBearerGrant,
      enterprise: enterpriseGrant,
    };
    const tokens = await grants[this.settings.grant as keyof typeof grants](
      ctx,
      this.settings,
      scopes,
    );
    await this.keep(tokens);
  }

  private async keep(tokens: StoredTokens): Promise<void> {
    this.tokens = tokens;
    this.wantedScopes = undefined;
    await this.options.store.saveTokens(this.key, tokens);
    this.options.log?.(
      'info',
      `Signed in to ${this.name}${tokens.account ? ` as ${tokens.account}` : ''}.`,
    );
  }

  // The loopback redirect; where it cannot listen (the registered port is taken) and the user can
  // paste, the same address is used unheard: the browser ends on it and the user copies it over.
  private async redirect(cachedPort: number): Promise<LoopbackRedirect> {
    const port = this.settings.callbackPort ?? cachedPort;
    try {
      return await openLoopbackRedirect(port, this.settings.callbackPort !== undefined);
    } catch (err) {
      if (!this.options.host.paste || !port) throw err;
      this.options.log?.(
        'warn',
        `${(err as Error).message} Paste the address the browser ends on instead.`,
      );
      return unheardRedirect(port);
    }
  }

  private async runSignIn(explicit: string[] | undefined, signal: AbortSignal): Promise<void> {
    const d = await this.find(true);
    if (this.machine) return this.runMachineGrant(d, explicit);
    const cached = await this.options.store.loadClient(d.as.issuer);
    const cachedPort = Number(cached?.redirectUris?.[0] ? new URL(cached.redirectUris[0]).port : 0);
    const redirect = await this.redirect(cachedPort);
    try {
      const policy = await this.addressPolicy();
      const scopes =
        explicit ??
        chooseScopes({
          configured: this.settings.scopes,
          challenge: this.challenge?.scope,
          prm: d.prm,
          as: d.as,
        });
      if (scopes) this.triedScopes.add(unionScopes(scopes, undefined).join(' '));
      const identity = await resolveClient({
        as: d.as,
        settings: this.settings,
        store: this.options.store,
        redirectUri: redirect.redirectUri,
        fetch: guardedFetch({ policy, step: 'registration' }),
        allowHttp: policy.allowsHttp,
        now: this.now,
      });
      const ctx = await this.context(d, identity, 'token');
      // The authorization URL is discovered: the browser may only be sent where the policy allows.
      const open = async (url: URL): Promise<void> => {
        await policy.check(url, 'consent', 'the authorization page');
        await this.options.host.open(url, this.name);
      };
      const paste = this.options.host.paste ? { paste: this.options.host.paste } : {};
      const tokens = await authorizeWithCode({
        ...ctx,
        scopes,
        redirect,
        open,
        signal,
        timeoutMs: this.options.host.timeoutMs ?? 300_000,
        requirePkceMetadata: !d.legacy || d.as.code_challenge_methods_supported !== undefined,
        ...paste,
      });
      await this.keep(tokens);
    } finally {
      redirect.close();
    }
  }
}
