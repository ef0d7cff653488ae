// safeStorage as core's Encryptor. Whether encryption is usable (Linux's basic_text fallback is
// not) is decided in core; this file only reads Electron's answers. Call after app 'ready'.
import { safeStorage } from 'electron';
import { encryptionUsable, type Encryptor } from '../core/desktop/secret-store';

export function safeStorageEncryptor(): Encryptor {
  const usable = encryptionUsable({
    available: safeStorage.isEncryptionAvailable(),
    platform: process.platform,
    linuxBackend:
      process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  });
  return {
    isEncryptionAvailable: () => usable,
    encryptString: (plain) => safeStorage.encryptString(plain),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  };
}
