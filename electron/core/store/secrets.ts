// Where secrets come from: the Anthropic API key and the values behind `${secret:NAME}`. Core only
// sees this interface; the desktop shell adds a keychain-backed provider (core/desktop/secret-store).
// Secret values never go to the renderer, logs, exports or MCP servers' environments.
import { API_KEY_SECRET } from '../base/credentials';

export interface SecretProvider {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  has(name: string): Promise<boolean>;
  /** Whether a value set now survives a restart. */
  readonly persistent: boolean;
  /** Where secrets live, in words for the settings screen. */
  readonly description: string;
}

// The name lives in base so the MCP config (which refuses to expand it) need not import the store.
export { API_KEY_SECRET };

/** The environment variable a secret name reads: ANTHROPIC_API_KEY for the API key, else NAME itself. */
export const envNameFor = (name: string): string =>
  name === API_KEY_SECRET ? 'ANTHROPIC_API_KEY' : name;

/**
 * Reads secrets from the environment; values entered during the session are kept in memory only
 * and win over the environment. Deleting hides an environment value for the rest of the session.
 */
export class EnvSecretProvider implements SecretProvider {
  readonly persistent = false;
  readonly description =
    'Secrets are read from environment variables (ANTHROPIC_API_KEY, or the variable named like the secret); values entered here are kept in memory until Lena quits.';
  private readonly session = new Map<string, string>();
  private readonly hidden = new Set<string>();

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  async get(name: string): Promise<string | undefined> {
    const own = this.session.get(name);
    if (own !== undefined) return own;
    if (this.hidden.has(name)) return undefined;
    const value = this.env[envNameFor(name)];
    return value === undefined || value === '' ? undefined : value;
  }

  async set(name: string, value: string): Promise<void> {
    if (value === '') throw new Error(`The secret ${name} cannot be empty; delete it instead.`);
    this.session.set(name, value);
    this.hidden.delete(name);
  }

  async delete(name: string): Promise<void> {
    this.session.delete(name);
    this.hidden.add(name);
  }

  async has(name: string): Promise<boolean> {
    return (await this.get(name)) !== undefined;
  }
}

/** The current values of the named secrets (those that are set), for redact(). */
export async function secretValues(
  provider: SecretProvider,
  names: readonly string[],
): Promise<string[]> {
  const values = await Promise.all(names.map((n) => provider.get(n).catch(() => undefined)));
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}
