// Secrets (the API key, every `${secret:NAME}` value) encrypted by the operating system's keychain
// (Electron's safeStorage in main) and kept base64-encoded in secrets.json in Lena's home. When the
// desktop cannot encrypt, a secret lives in memory for the session and is never written in clear.
import { withLockedFile } from '../base/locked-file';
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';
import { envNameFor, type SecretProvider } from '../store/secrets';

export type { SecretProvider };

/** What safeStorage offers, so core can be tested with a fake. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Where the operating system keeps what Electron's safeStorage encrypts with, as its users call it. */
export function keychainWords(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'your Mac’s Keychain';
  if (platform === 'win32') return 'your Windows account’s protected storage';
  return 'your desktop’s keyring (GNOME Keyring or KWallet)';
}

export const SESSION_ONLY_MESSAGE =
  'This desktop cannot encrypt secrets; the key is kept only until you quit.';

/**
 * Whether safeStorage really protects anything. On Linux without a keyring, Chromium falls back to
 * `basic_text`, a fixed key compiled into every copy: "available", but no better than clear text.
 */
export function encryptionUsable(input: {
  available: boolean;
  platform: NodeJS.Platform;
  linuxBackend?: string;
}): boolean {
  if (!input.available) return false;
  if (input.platform !== 'linux') return true;
  return input.linuxBackend !== 'basic_text' && input.linuxBackend !== 'unknown';
}

interface SecretsFile {
  version: 1;
  /** name → base64 of the encrypted bytes. */
  secrets: Record<string, string>;
}

export interface SecretStoreOptions {
  log?: (level: 'warn', message: string) => void;
  /** Told what the user must see: secrets.json was damaged and moved aside (still encrypted there). */
  notice?: (message: string) => void;
  /**
   * Read when nothing is stored (ANTHROPIC_API_KEY for the API key, NAME otherwise), as the
   * command line does; a stored value wins, and deleting hides it for the session.
   */
  env?: NodeJS.ProcessEnv;
  /** The platform the description names the keychain of (this one by default). */
  platform?: NodeJS.Platform;
}

export class EncryptedSecretStore implements SecretProvider {
  readonly persistent: boolean;
  readonly description: string;
  /** This session's values: every value when not persistent, a read-through cache otherwise. */
  private readonly memory = new Map<string, string>();
  private readonly hidden = new Set<string>();
  /** Environment values handed out, so the log redacts them too. */
  private readonly fromEnv = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly encryptor: Encryptor,
    private readonly options: SecretStoreOptions = {},
  ) {
    this.persistent = encryptor.isEncryptionAvailable();
    this.description = this.persistent
      ? `Secrets are locked with ${keychainWords(options.platform ?? process.platform)}, your operating system’s keychain, and kept encrypted in ${file}.`
      : SESSION_ONLY_MESSAGE;
  }

  async get(name: string): Promise<string | undefined> {
    const own = await this.getOwn(name);
    if (own !== undefined || this.hidden.has(name)) return own;
    const fromEnv = this.options.env?.[envNameFor(name)];
    if (!fromEnv) return undefined;
    this.fromEnv.add(fromEnv);
    return fromEnv;
  }

  private async getOwn(name: string): Promise<string | undefined> {
    const cached = this.memory.get(name);
    if (cached !== undefined || !this.persistent) return cached;
    const stored = (await this.read()).secrets[name];
    if (stored === undefined) return undefined;
    try {
      const value = this.encryptor.decryptString(Buffer.from(stored, 'base64'));
      this.memory.set(name, value);
      return value;
    } catch (err) {
      // A keychain reset or a copied home: the value cannot come back; the user sets it again.
      this.options.log?.(
        'warn',
        `Secret ${name} could not be decrypted (${err instanceof Error ? err.message : String(err)}); set it again in Settings.`,
      );
      return undefined;
    }
  }

  async set(name: string, value: string): Promise<void> {
    if (value === '') throw new Error(`The secret ${name} cannot be empty; delete it instead.`);
    if (this.persistent) {
      const encrypted = this.encryptor.encryptString(value).toString('base64');
      await this.change((secrets) => ({ ...secrets, [name]: encrypted }));
    }
    this.memory.set(name, value);
    this.hidden.delete(name);
  }

  async delete(name: string): Promise<void> {
    this.memory.delete(name);
    this.hidden.add(name);
    if (this.persistent) {
      await this.change(({ [name]: _gone, ...rest }) => rest);
    }
  }

  async has(name: string): Promise<boolean> {
    return (await this.get(name)) !== undefined;
  }

  /** Every value known this session, for log redaction. */
  knownValues(): string[] {
    return [...this.memory.values(), ...this.fromEnv];
  }

  private async read(): Promise<SecretsFile> {
    // Damaged: moved aside, not written over, so no stored key is lost for good.
    const data = (await readJsonFileTolerant(this.file, this.options)) as
      Partial<SecretsFile> | undefined;
    const secrets =
      data && typeof data.secrets === 'object' && data.secrets !== null ? data.secrets : {};
    return {
      version: 1,
      secrets: Object.fromEntries(Object.entries(secrets).filter(([, v]) => typeof v === 'string')),
    };
  }

  /** Re-reads and writes under the file's lock, so the window and `lena` never drop each other's secrets. */
  private change(edit: (secrets: Record<string, string>) => Record<string, string>): Promise<void> {
    return withLockedFile(this.file, async () => {
      const current = await this.read();
      await writeJsonFile(
        this.file,
        { version: 1, secrets: edit(current.secrets) } satisfies SecretsFile,
        { mode: 0o600 },
      );
    });
  }
}
