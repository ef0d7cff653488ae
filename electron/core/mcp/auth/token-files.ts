// Where sign-ins persist: metadata (issuer, scopes, expiry, account, client id, and which store
// holds the secrets) in oauth.json, a 0600 file in Lena's home that `lena mcp list` can read;
// the secret parts (access and refresh tokens, a registered client's secret, a DPoP key) in a secret store
// (the window's safeStorage, the command line's keychain or its 0600 fallback). Never in mcp.json.
import { createHash } from 'node:crypto';
import { readJsonFile, readJsonFileOrSetAside, writeJsonFile } from '../../base/json-file';
import { serialisePerPath } from '../../base/path-queue';
import { signInIdentity, type AuthStore, type StoredClient, type StoredTokens } from './store';

/** The part of a secret store sign-ins need. */
export interface SecretPort {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/** What oauth.json says of one sign-in; `server` is the provider's key (store.ts `signInKey`: "IDENTITY URL"). */
export type TokenMeta = Omit<StoredTokens, 'accessToken' | 'refreshToken'> & {
  server: string;
  hasRefreshToken: boolean;
  store: string;
  savedAt: number;
};
type ClientMeta = Omit<StoredClient, 'clientSecret'> & { hasSecret: boolean; store: string };

interface OAuthFile {
  version: 1;
  servers: Record<string, TokenMeta>;
  clients: Record<string, ClientMeta>;
}

const empty = (): OAuthFile => ({ version: 1, servers: {}, clients: {} });

/** Secret names: a hash of the key, so a server's name or URL is not spelled in the keychain. */
const secretName = (kind: string, key: string): string =>
  `oauth-${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export class FileAuthStore implements AuthStore {
  constructor(
    private readonly file: string,
    private readonly secrets: SecretPort,
    /** Names the secret store in the metadata ("window", "keychain", "file"). */
    private readonly storeName: string,
    /** Told what the user must see: oauth.json was damaged and moved aside. */
    private readonly notice?: (message: string) => void,
  ) {}

  private async read(): Promise<OAuthFile> {
    try {
      // Damaged: kept aside (base's policy), so the next save does not write over the sign-ins.
      const read = await readJsonFileOrSetAside(this.file);
      if (read.warning) this.notice?.(read.warning);
      const raw = read.value as Partial<OAuthFile> | undefined;
      return raw?.version === 1 ? { ...empty(), ...raw } : empty();
    } catch {
      return empty(); // an unreadable file means "signed out", never a crash
    }
  }

  private update(change: (f: OAuthFile) => void): Promise<void> {
    return serialisePerPath(`${this.file}#update`, async () => {
      const f = await this.read();
      change(f);
      await writeJsonFile(this.file, f, { mode: 0o600 });
    });
  }

  // The window and the command line keep separate secrets (the CLI cannot read safeStorage): each
  // store has its own entries ("STORE IDENTITY URL", "STORE ISSUER"), so one never shadows the other's.
  private entry(key: string): string {
    return `${this.storeName} ${key}`;
  }

  /** Metadata only, for listings: which servers are signed in, as whom, through which store. */
  async list(): Promise<TokenMeta[]> {
    return Object.values((await this.read()).servers);
  }

  async loadTokens(key: string): Promise<StoredTokens | undefined> {
    const meta = (await this.read()).servers[this.entry(key)];
    if (!meta) return undefined;
    const accessToken = await this.secrets.get(secretName('access', key)).catch(() => undefined);
    if (!accessToken) return undefined; // signed in through a store this process cannot read
    const refreshToken = meta.hasRefreshToken
      ? await this.secrets.get(secretName('refresh', key)).catch(() => undefined)
      : undefined;
    const { hasRefreshToken: _h, store: _s, savedAt: _t, server: _k, ...rest } = meta;
    return { ...rest, accessToken, ...(refreshToken ? { refreshToken } : {}) };
  }

  async saveTokens(key: string, tokens: StoredTokens): Promise<void> {
    const { accessToken, refreshToken, ...meta } = tokens;
    await this.secrets.set(secretName('access', key), accessToken);
    if (refreshToken) await this.secrets.set(secretName('refresh', key), refreshToken);
    else await this.secrets.delete(secretName('refresh', key)).catch(() => undefined);
    await this.update((f) => {
      f.servers[this.entry(key)] = {
        ...meta,
        server: key,
        hasRefreshToken: !!refreshToken,
        store: this.storeName,
        savedAt: Date.now(),
      };
    });
  }

  async deleteTokens(key: string): Promise<void> {
    await this.secrets.delete(secretName('access', key)).catch(() => undefined);
    await this.secrets.delete(secretName('refresh', key)).catch(() => undefined);
    await this.update((f) => {
      delete f.servers[this.entry(key)];
    });
  }

  async serverKeys(): Promise<string[]> {
    return Object.values((await this.read()).servers)
      .filter((m) => m.store === this.storeName)
      .map((m) => m.server);
  }

  // Only this front end's entry moves: its secrets are in this process's store (the window's
  // safeStorage cannot be read by the command line), so each front end moves its own.
  async moveServer(from: string, to: string): Promise<boolean> {
    const files = await this.read();
    if (!files.servers[this.entry(from)] || files.servers[this.entry(to)]) return false;
    for (const kind of ['access', 'refresh', 'dpop']) {
      const value = await this.secrets.get(secretName(kind, from)).catch(() => undefined);
      if (value !== undefined) await this.secrets.set(secretName(kind, to), value);
    }
    let moved = false;
    await this.update((f) => {
      const meta = f.servers[this.entry(from)];
      if (!meta || f.servers[this.entry(to)]) return; // another process moved or signed in meanwhile
      f.servers[this.entry(to)] = { ...meta, server: to };
      delete f.servers[this.entry(from)];
      moved = true;
    });
    if (moved)
      for (const kind of ['access', 'refresh', 'dpop'])
        await this.secrets.delete(secretName(kind, from)).catch(() => undefined);
    return moved;
  }

  async loadClient(issuer: string): Promise<StoredClient | undefined> {
    const meta = (await this.read()).clients[this.entry(issuer)];
    if (!meta) return undefined;
    const clientSecret = meta.hasSecret
      ? await this.secrets.get(secretName('client', issuer)).catch(() => undefined)
      : undefined;
    if (meta.hasSecret && !clientSecret) return undefined; // register again rather than fail at the token endpoint
    const { hasSecret: _h, store: _s, ...rest } = meta;
    return { ...rest, ...(clientSecret ? { clientSecret } : {}) };
  }

  async saveClient(client: StoredClient): Promise<void> {
    const { clientSecret, ...meta } = client;
    if (clientSecret) await this.secrets.set(secretName('client', client.issuer), clientSecret);
    await this.update((f) => {
      f.clients[this.entry(client.issuer)] = {
        ...meta,
        hasSecret: !!clientSecret,
        store: this.storeName,
      };
    });
  }

  async deleteClient(issuer: string): Promise<void> {
    await this.secrets.delete(secretName('client', issuer)).catch(() => undefined);
    await this.update((f) => {
      delete f.clients[this.entry(issuer)];
    });
  }

  // The DPoP private key lives in the secret store alone (keychain, safeStorage, or the CLI's 0600
  // fallback file): oauth.json needs nothing of it, since the token's type says it is bound.
  async loadDpopKey(key: string): Promise<string | undefined> {
    return this.secrets.get(secretName('dpop', key)).catch(() => undefined);
  }

  async saveDpopKey(key: string, privateJwk: string): Promise<void> {
    await this.secrets.set(secretName('dpop', key), privateJwk);
  }

  async deleteDpopKey(key: string): Promise<void> {
    await this.secrets.delete(secretName('dpop', key)).catch(() => undefined);
  }
}

/** A sign-in as listings show it ("signed in (window)"), read from oauth.json alone, no secrets. */
export interface SignInListing {
  store: string;
  account?: string;
  expiresAt?: number;
}

/** The sign-ins recorded for server `identity` (`serverKey`), from every store (window, keychain, file). */
export async function signInsFor(file: string, identity: string): Promise<SignInListing[]> {
  const raw = (await readJsonFile(file).catch(() => undefined)) as Partial<OAuthFile> | undefined;
  return Object.values(raw?.servers ?? {})
    .filter((m) => signInIdentity(m.server) === identity)
    .map((m) => ({
      store: m.store,
      ...(m.account ? { account: m.account } : {}),
      ...(m.expiresAt ? { expiresAt: m.expiresAt } : {}),
    }));
}
