import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EncryptedSecretStore,
  encryptionUsable,
  SESSION_ONLY_MESSAGE,
  type Encryptor,
} from '../../../../electron/core/desktop/secret-store';

const SECRET = 'sk-ant-api03-TESTSECRETvalue1234567890';

// Reversible but not readable: bytes XORed and reversed, with a marker to detect foreign data.
const scramble = (bytes: Uint8Array) => Buffer.from([...bytes].map((b) => b ^ 0x5a).reverse());
const fakeKeychain: Encryptor = {
  isEncryptionAvailable: () => true,
  encryptString: (s) => Buffer.concat([Buffer.from('ENC1'), scramble(Buffer.from(s, 'utf8'))]),
  decryptString: (b) => {
    if (b.subarray(0, 4).toString() !== 'ENC1') throw new Error('not encrypted by this keychain');
    return scramble(b.subarray(4)).toString('utf8');
  },
};
const noKeychain: Encryptor = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('Encryption is not available.');
  },
  decryptString: () => {
    throw new Error('Encryption is not available.');
  },
};

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-secrets-'));
  file = join(dir, 'secrets.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function expectNoClearText(): void {
  if (!existsSync(file)) return;
  const bytes = readFileSync(file);
  for (const form of [SECRET, Buffer.from(SECRET).toString('base64'), encodeURIComponent(SECRET)]) {
    expect(bytes.includes(form)).toBe(false);
  }
}

describe('EncryptedSecretStore with a working keychain', () => {
  it('keeps secrets across restarts, encrypted, in an owner-only file', async () => {
    const store = new EncryptedSecretStore(file, fakeKeychain);
    await store.set('ANTHROPIC_API_KEY', SECRET);
    expectNoClearText();
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    const afterRestart = new EncryptedSecretStore(file, fakeKeychain);
    expect(afterRestart.persistent).toBe(true);
    expect(await afterRestart.get('ANTHROPIC_API_KEY')).toBe(SECRET);
    expect(await afterRestart.has('OTHER')).toBe(false);
  });

  it('deletes a secret for good', async () => {
    const store = new EncryptedSecretStore(file, fakeKeychain);
    await store.set('A_TOKEN', SECRET);
    await store.set('B_TOKEN', 'another-value');
    await store.delete('A_TOKEN');
    expect(await new EncryptedSecretStore(file, fakeKeychain).has('A_TOKEN')).toBe(false);
    expect(await new EncryptedSecretStore(file, fakeKeychain).get('B_TOKEN')).toBe('another-value');
  });

  it('asks for the secret again when the keychain cannot decrypt it (a copied home)', async () => {
    await new EncryptedSecretStore(file, fakeKeychain).set('TOKEN', SECRET);
    const otherMachine: Encryptor = {
      ...fakeKeychain,
      decryptString: () => {
        throw new Error('bad decrypt');
      },
    };
    const warnings: string[] = [];
    expect(
      await new EncryptedSecretStore(file, otherMachine, { log: (_l, m) => warnings.push(m) }).get(
        'TOKEN',
      ),
    ).toBeUndefined();
    expect(warnings.join()).toMatch(/TOKEN could not be decrypted .*set it again in Settings/);
  });
});

describe('EncryptedSecretStore’s description', () => {
  it('names the operating system’s keychain as its users know it', () => {
    const words = (platform: NodeJS.Platform) =>
      new EncryptedSecretStore(file, fakeKeychain, { platform }).description;
    expect(words('darwin')).toBe(
      `Secrets are locked with your Mac’s Keychain, your operating system’s keychain, and kept encrypted in ${file}.`,
    );
    expect(words('win32')).toMatch(
      /^Secrets are locked with your Windows account’s protected storage/,
    );
    expect(words('linux')).toMatch(/your desktop’s keyring \(GNOME Keyring or KWallet\)/);
  });
});

describe('EncryptedSecretStore when the desktop cannot encrypt', () => {
  it('keeps the secret for this session only, writes nothing in clear, and says so', async () => {
    const store = new EncryptedSecretStore(file, noKeychain);
    expect(store.persistent).toBe(false);
    expect(store.description).toBe(SESSION_ONLY_MESSAGE);
    await store.set('ANTHROPIC_API_KEY', SECRET);
    expect(await store.get('ANTHROPIC_API_KEY')).toBe(SECRET);
    expectNoClearText();
    expect(
      await new EncryptedSecretStore(file, noKeychain).get('ANTHROPIC_API_KEY'),
    ).toBeUndefined();
  });
});

describe('encryptionUsable', () => {
  it('distrusts Linux’s basic_text fallback, which uses a key built into every copy', () => {
    expect(
      encryptionUsable({ available: true, platform: 'linux', linuxBackend: 'gnome_libsecret' }),
    ).toBe(true);
    expect(
      encryptionUsable({ available: true, platform: 'linux', linuxBackend: 'basic_text' }),
    ).toBe(false);
    expect(encryptionUsable({ available: false, platform: 'darwin' })).toBe(false);
    expect(encryptionUsable({ available: true, platform: 'win32' })).toBe(true);
  });
});

describe('EncryptedSecretStore and the environment', () => {
  it('falls back to ANTHROPIC_API_KEY for the API key; a stored value wins; delete hides it', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-from-environment' };
    const store = new EncryptedSecretStore(file, fakeKeychain, { env });
    expect(await store.get('anthropic-api-key')).toBe('sk-ant-from-environment');
    await store.set('anthropic-api-key', SECRET);
    expect(await store.get('anthropic-api-key')).toBe(SECRET);
    await store.delete('anthropic-api-key');
    expect(await store.has('anthropic-api-key')).toBe(false);
    await expect(store.set('anthropic-api-key', '')).rejects.toThrow(/cannot be empty/);
  });
});
