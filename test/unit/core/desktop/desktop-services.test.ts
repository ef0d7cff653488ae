import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../../../../electron/core/home';
import {
  createDesktopServices,
  loadUpdatePrefs,
} from '../../../../electron/core/desktop/desktop-services';
import type { Encryptor } from '../../../../electron/core/desktop/secret-store';

const noKeychain: Encryptor = {
  isEncryptionAvailable: () => false,
  encryptString: () => Buffer.alloc(0),
  decryptString: () => '',
};

let root: string;
let paths: LenaPaths;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'lena-desktop-')));
  paths = ensureLenaHome(lenaPaths(join(root, 'home')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('desktop services', () => {
  it('redacts the secret store’s values from the log', async () => {
    const services = createDesktopServices(paths, noKeychain);
    await services.secrets.set('GITHUB_TOKEN', 'ghp_supersecretvalue42');
    services.log.info('mcp', 'starting github with GITHUB_TOKEN=ghp_supersecretvalue42');
    services.log.close();
    const text = readFileSync(join(paths.logs, 'lena.log'), 'utf8');
    expect(text).toContain('starting github');
    expect(text).not.toContain('ghp_supersecretvalue42');
  });

  it('keeps automatic updates off unless updates.json says otherwise', async () => {
    const services = createDesktopServices(paths, noKeychain);
    expect(await loadUpdatePrefs(services.updates)).toEqual({ automatic: false });
    writeFileSync(
      join(paths.home, 'updates.json'),
      JSON.stringify({ automatic: true, lastCheck: 5 }),
    );
    expect(await loadUpdatePrefs(services.updates)).toEqual({ automatic: true, lastCheck: 5 });
    services.log.close();
  });
});
