// One OAuth provider per remote server, kept across reconnects (a pending sign-in, fresh tokens
// and the step-up history survive a restart of the session), replaced when the server's URL or
// `oauth` options or its identity change. The manager asks for a server's provider when it builds
// its transport, with the server's identity (the tokens' key); the servers page and `lena mcp
// login/logout` ask for it by name (one configured server per name at a time).
import type { RemoteLaunch } from '../config/expand';
import { OAuthProvider, type SignInHost, type SignInState } from './provider';
import type { AuthStore } from './store';

export interface AuthRegistryOptions {
  store: AuthStore;
  host: SignInHost;
  log?: (level: 'info' | 'warn', message: string) => void;
  /** Lena's Client ID Metadata Document, where the project hosts one (none built in yet). */
  clientMetadataUrl?: string;
}

/** Which sign-in a server shows: needed, done, or under way. */
export type SignInChange = { server: string; state: 'required' | 'signed-in'; account?: string };

export class AuthRegistry {
  private readonly providers = new Map<string, { signature: string; provider: OAuthProvider }>();
  private readonly listeners = new Set<(change: SignInChange) => void>();

  constructor(private readonly options: AuthRegistryOptions) {}

  /**
   * The provider for a remote server, or undefined when its entry authenticates by itself (a
   * configured Authorization header or credentials in the URL: a 401 then means that is wrong).
   * `identity` is the server's (mcp/config/identity.ts `serverKey`): its tokens are kept under it.
   */
  forServer(name: string, launch: RemoteLaunch, identity: string): OAuthProvider | undefined {
    const url = new URL(launch.url);
    const ownAuth =
      Object.keys(launch.headers).some((h) => h.toLowerCase() === 'authorization') ||
      url.username !== '';
    if (ownAuth) return undefined;
    const settings = {
      ...(this.options.clientMetadataUrl
        ? { clientMetadataUrl: this.options.clientMetadataUrl }
        : {}),
      ...launch.oauth,
    };
    const signature = JSON.stringify([identity, url.href, settings]);
    const known = this.providers.get(name);
    if (known?.signature === signature) return known.provider;
    const provider = new OAuthProvider({
      name,
      identity,
      serverUrl: url,
      settings,
      store: this.options.store,
      host: this.options.host,
      log: this.options.log,
      onSignedOut: () => this.emit({ server: name, state: 'required' }),
    });
    this.providers.set(name, { signature, provider });
    return provider;
  }

  /** The provider a server got last (undefined before it was first connected, or for stdio). */
  provider(name: string): OAuthProvider | undefined {
    return this.providers.get(name)?.provider;
  }

  async state(name: string): Promise<SignInState | undefined> {
    return this.provider(name)?.state();
  }

  onChange(listener: (change: SignInChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Signs in to `name` (joining a pending sign-in) and says so. */
  async signIn(name: string): Promise<SignInState> {
    const provider = this.provider(name);
    if (!provider)
      throw new Error(
        `${name} has no sign-in: it is not a remote server Lena has connected to, or its entry sets its own Authorization header.`,
      );
    await provider.signIn();
    const state = await provider.state();
    this.emit({
      server: name,
      state: 'signed-in',
      ...(state.account ? { account: state.account } : {}),
    });
    return state;
  }

  /** Cancels a pending sign-in; false when none was pending. */
  cancelSignIn(name: string): boolean {
    return this.provider(name)?.cancelSignIn() ?? false;
  }

  async signOut(name: string): Promise<{ revoked: boolean }> {
    const provider = this.provider(name);
    return provider ? provider.signOut() : { revoked: false };
  }

  private emit(change: SignInChange): void {
    for (const l of this.listeners) l(change);
  }
}
