// Where `lena mcp login` keeps tokens: the command line cannot read the window's safeStorage, so it
// uses the OS keychain through @napi-rs/keyring (prebuilt per platform, from the npm registry
// alone); where there is no keychain (a headless Linux without Secret Service), a 0600 file in
// Lena's home, with a warning the first time it is used.
import { existsSync } from 'node:fs';
import type { SecretPort } from '../core/mcp/auth/token-files';
import { readJsonFileTolerant, writeJsonFile } from '../core/base/json-file';
import type { LenaPaths } from '../core/home';
import { terminalText } from './output';

const SERVICE = 'Lena';

export interface CliSecrets {
  port: SecretPort;
  /** "keychain" or "file", as oauth.json records it. */
  store: 'keychain' | 'file';
  /** Said once, before the first secret is written to the fallback file. */
  warning?: string;
}

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(value: string): void;
  deletePassword(): boolean | void;
}
type KeyringModule = { Entry: new (service: string, account: string) => KeyringEntry };

async function keychain(): Promise<SecretPort | undefined> {
  let mod: KeyringModule;
  try {
    mod = (await import('@napi-rs/keyring')) as unknown as KeyringModule;
    // Reading can succeed where writing is refused (no Secret Service): probe with a write.
    const probe = new mod.Entry(SERVICE, 'lena-probe');
    probe.setPassword('probe');
    probe.deletePassword();
  } catch {
    return undefined;
  }
  const entry = (name: string): KeyringEntry => new mod.Entry(SERVICE, name);
  return {
    get: async (name) => entry(name).getPassword() ?? undefined,
    set: async (name, value) => entry(name).setPassword(value),
    delete: async (name) => void entry(name).deletePassword(),
  };
}

function fileSecrets(file: string): SecretPort {
  // A damaged file is kept aside (base's policy), so the next save does not write over the tokens.
  const report = {
    notice: (message: string) => void process.stderr.write(terminalText(`lena: ${message}\n`)),
  };
  const read = async (): Promise<Record<string, string>> =>
    ((await readJsonFileTolerant(file, report)) as Record<string, string> | undefined) ?? {};
  return {
    get: async (name) => (await read())[name],
    set: async (name, value) =>
      writeJsonFile(file, { ...(await read()), [name]: value }, { mode: 0o600 }),
    delete: async (name) => {
      const all = await read();
      if (!(name in all)) return;
      delete all[name];
      await writeJsonFile(file, all, { mode: 0o600 });
    },
  };
}

// Decided once per process: a Linux keyring can refuse the first write and accept the next, and a
// store that changed mid-process would lose what the first one kept (tokens, a DPoP key).
let decided: Promise<SecretPort | undefined> | undefined;

export async function cliSecrets(paths: Pick<LenaPaths, 'oauthTokens'>): Promise<CliSecrets> {
  const port = await (decided ??= keychain());
  if (port) return { port, store: 'keychain' };
  const file = paths.oauthTokens;
  return {
    port: fileSecrets(file),
    store: 'file',
    ...(existsSync(file)
      ? {}
      : {
          warning: `No system keychain is available: tokens are stored unencrypted in ${file} (readable only by you); sign in from the window to use the keychain.`,
        }),
  };
}
