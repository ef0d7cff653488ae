// What authorization remembers: tokens per server and client registrations per authorization
// server (RFC 6749 §2.2: a client id is only meaningful to the server that issued it). The
// interface is a port: the window and the command line keep metadata in a 0600 file and the
// secret parts in their secret store (token-files.ts); tests and the conformance driver keep
// everything in memory.
import { canonicalResource } from './discovery';

/**
 * The key of a server's sign-in: its identity (`NAME@user:HASH`, mcp/config/identity.ts `serverKey`)
 * and the resource it signs in to. A project entry copying a user server's name and URL is another
 * identity, so it never reads the user's tokens; an identity whose URL expands elsewhere neither.
 */
export const signInKey = (identity: string, url: URL): string =>
  `${identity} ${canonicalResource(url)}`;

/** The identity part of a sign-in key. */
export function signInIdentity(key: string): string {
  const space = key.indexOf(' ');
  return space < 0 ? key : key.slice(0, space);
}

/** A server's tokens; `key` (signInKey) binds them to the server's identity and URL. */
export interface StoredTokens {
  issuer: string;
  resource: string;
  clientId: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; absent when the server gave no lifetime. */
  expiresAt?: number;
  /** Epoch ms when it was issued, so the refresh-ahead margin can scale with short lifetimes. */
  issuedAt?: number;
  scope?: string[];
  /** Who signed in, when the server says (an id token's email or name). */
  account?: string;
  tokenType?: string;
}

/** A client registration at one authorization server (DCR result or cached pre-registration). */
export interface StoredClient {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: string;
  redirectUris?: string[];
  /** Epoch ms when the secret expires (DCR `client_secret_expires_at`), absent for never. */
  secretExpiresAt?: number;
}

export interface AuthStore {
  loadTokens(key: string): Promise<StoredTokens | undefined>;
  saveTokens(key: string, tokens: StoredTokens): Promise<void>;
  deleteTokens(key: string): Promise<void>;
  loadClient(issuer: string): Promise<StoredClient | undefined>;
  saveClient(client: StoredClient): Promise<void>;
  deleteClient(issuer: string): Promise<void>;
  /** A server's DPoP private key (a JWK), kept like a token: its bound tokens need it after a restart. */
  loadDpopKey(key: string): Promise<string | undefined>;
  saveDpopKey(key: string, privateJwk: string): Promise<void>;
  deleteDpopKey(key: string): Promise<void>;
  /** The sign-in keys this store holds tokens under (this front end's own, for a shared file). */
  serverKeys(): Promise<string[]>;
  /** Moves `from`'s tokens and DPoP key to `to` unless `to` has tokens already; true when moved. */
  moveServer(from: string, to: string): Promise<boolean>;
}

/** Everything in memory: tests, the conformance driver, one-shot uses. */
export class MemoryAuthStore implements AuthStore {
  private readonly tokens = new Map<string, StoredTokens>();
  private readonly clients = new Map<string, StoredClient>();
  private readonly dpopKeys = new Map<string, string>();
  async loadTokens(key: string): Promise<StoredTokens | undefined> {
    return this.tokens.get(key);
  }
  async saveTokens(key: string, tokens: StoredTokens): Promise<void> {
    this.tokens.set(key, tokens);
  }
  async deleteTokens(key: string): Promise<void> {
    this.tokens.delete(key);
  }
  async loadClient(issuer: string): Promise<StoredClient | undefined> {
    return this.clients.get(issuer);
  }
  async saveClient(client: StoredClient): Promise<void> {
    this.clients.set(client.issuer, client);
  }
  async deleteClient(issuer: string): Promise<void> {
    this.clients.delete(issuer);
  }
  async loadDpopKey(key: string): Promise<string | undefined> {
    return this.dpopKeys.get(key);
  }
  async saveDpopKey(key: string, privateJwk: string): Promise<void> {
    this.dpopKeys.set(key, privateJwk);
  }
  async deleteDpopKey(key: string): Promise<void> {
    this.dpopKeys.delete(key);
  }
  async serverKeys(): Promise<string[]> {
    return [...this.tokens.keys()];
  }
  async moveServer(from: string, to: string): Promise<boolean> {
    const tokens = this.tokens.get(from);
    if (!tokens || this.tokens.has(to)) return false;
    this.tokens.set(to, tokens);
    this.tokens.delete(from);
    const dpop = this.dpopKeys.get(from);
    if (dpop !== undefined) this.dpopKeys.set(to, dpop);
    this.dpopKeys.delete(from);
    return true;
  }
}
