// The values behind `${secret:NAME}` for the command line: `lena secrets set` keeps them in the
// CLI's store (the OS keychain, else the owner-only file beside the OAuth tokens), under
// `secret:NAME`. A lookup asks that store, then the environment variable NAME. The window's store
// (Electron's safeStorage) cannot be read here: a secret saved in the window is not seen by `lena`.
import { readJsonFileTolerant, writeJsonFile } from '../core/base/json-file';
import type { LenaPaths } from '../core/home';
import { API_KEY_SECRET, EnvSecretProvider, type SecretProvider } from '../core/store/secrets';
import { cliSecrets, type CliSecrets } from './cli-secrets';

export const WINDOW_SECRETS_NOTE =
  'A secret saved in the window is kept by the window (Electron safeStorage) and is not visible to lena; set it here too with: lena secrets set NAME';

/** A secret name as `${secret:NAME}` takes it. */
export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

type Paths = Pick<LenaPaths, 'oauthTokens' | 'cliSecretNames'>;

export class CliSecretProvider implements SecretProvider {
  readonly persistent = true;
  readonly description: string;
  private readonly env: EnvSecretProvider;

  private constructor(
    private readonly store: CliSecrets,
    private readonly namesFile: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.env = new EnvSecretProvider(env);
    this.description =
      store.store === 'keychain'
        ? 'the system keychain'
        : "an owner-only file in Lena's home (no system keychain, so not encrypted)";
  }

  static async open(paths: Paths, env: NodeJS.ProcessEnv = process.env) {
    return new CliSecretProvider(await cliSecrets(paths), paths.cliSecretNames, env);
  }

  /** "keychain" or "file". */
  get where(): 'keychain' | 'file' {
    return this.store.store;
  }

  /** Said once before the first value goes to the unencrypted file. */
  get warning(): string | undefined {
    return this.store.warning;
  }

  async get(name: string): Promise<string | undefined> {
    // The API key keeps its own rule: ANTHROPIC_API_KEY.
    if (name === API_KEY_SECRET) return this.env.get(name);
    const own = await this.store.port.get(`secret:${name}`);
    return own ?? this.env.get(name);
  }

  async set(name: string, value: string): Promise<void> {
    if (value === '') throw new Error(`The secret ${name} cannot be empty; remove it instead.`);
    await this.store.port.set(`secret:${name}`, value);
    const names = await this.names();
    if (!names.includes(name)) await this.writeNames([...names, name].sort());
  }

  async delete(name: string): Promise<void> {
    await this.store.port.delete(`secret:${name}`);
    await this.writeNames((await this.names()).filter((n) => n !== name));
  }

  async has(name: string): Promise<boolean> {
    return (await this.get(name)) !== undefined;
  }

  /** The names kept in the CLI's store (values never leave it). */
  async names(): Promise<string[]> {
    const raw = (await readJsonFileTolerant(this.namesFile)) as { names?: unknown } | undefined;
    return Array.isArray(raw?.names) ? raw.names.filter((n) => typeof n === 'string') : [];
  }

  private writeNames(names: string[]): Promise<void> {
    return writeJsonFile(this.namesFile, { names }, { mode: 0o600 });
  }
}
