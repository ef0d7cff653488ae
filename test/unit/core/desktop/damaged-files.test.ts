// The desktop's files in Lena's home under the one corrupt-file policy (issue 13): a damaged
// window-state, updates, recent-folders, processes or secrets file is kept aside under a name that
// says so, with its bytes, the log and the window's start-up notices say where, and Lena starts
// with defaults. Before, each was ignored and written over on the next save: its content lost.
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../../../../electron/core/home';
import {
  createDesktopServices,
  loadUpdatePrefs,
  startDesktop,
} from '../../../../electron/core/desktop/desktop-services';
import type { Encryptor } from '../../../../electron/core/desktop/secret-store';
import { DEFAULT_SIZE, restoreBounds } from '../../../../electron/core/desktop/window-bounds';

// Encryption available, so secrets.json is really read and written.
const keychain: Encryptor = {
  isEncryptionAvailable: () => true,
  encryptString: (s) => Buffer.from(`enc:${s}`),
  decryptString: (b) => b.toString().slice(4),
};

let root: string;
let paths: LenaPaths;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'lena-damaged-')));
  paths = ensureLenaHome(lenaPaths(join(root, 'home')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const asideOf = (file: string) =>
  readdirSync(paths.home).filter((f) => f.startsWith(`${basename(file)}.corrupt-`));

describe('damaged desktop files', () => {
  it('keeps each one aside with its content, says so, and starts with defaults', async () => {
    const damaged = {
      [paths.windowState]: '{"bounds": {"x": 10, "y": ',
      [paths.updates]: '{"automatic": tru',
      [paths.processes]: '[{"pid": 123, ',
      [paths.secrets]: '{"version": 1, "secrets": {"ANTHROPIC_API_KEY": "ZW5jOnNrLWFudC0x"',
    };
    for (const [file, text] of Object.entries(damaged)) writeFileSync(file, text);

    const services = createDesktopServices(paths, keychain);
    await startDesktop(services);
    expect(
      restoreBounds(await services.windowState.load(), [{ x: 0, y: 0, width: 1920, height: 1080 }])
        .bounds,
    ).toMatchObject(DEFAULT_SIZE);
    expect(await loadUpdatePrefs(services.updates)).toEqual({ automatic: false });
    expect(await services.secrets.get('ANTHROPIC_API_KEY')).toBeUndefined();
    services.log.close();

    for (const [file, text] of Object.entries(damaged)) {
      const aside = asideOf(file);
      expect(aside, basename(file)).toHaveLength(1);
      expect(readFileSync(join(paths.home, aside[0]), 'utf8')).toBe(text);
      expect(services.notices).toContainEqual({
        level: 'warn',
        message: expect.stringContaining(`${file} is not valid JSON`),
      });
      expect(services.notices.find((n) => n.message.includes(`${file} is`))!.message).toContain(
        `moved to ${join(paths.home, aside[0])}`,
      );
    }
    expect(services.notices).toHaveLength(Object.keys(damaged).length);
    const log = readFileSync(join(paths.logs, 'lena.log'), 'utf8');
    expect(log).toMatch(/WARN +\[window\] .*window-state\.json is not valid JSON.*moved to/);
    expect(log).toMatch(/WARN +\[secrets\] .*secrets\.json is not valid JSON.*moved to/);
  });

  it('writes new state next to the kept file, never over it', async () => {
    writeFileSync(paths.secrets, '{"secrets": ');
    const services = createDesktopServices(paths, keychain);
    await startDesktop(services);
    await services.secrets.set('GITHUB_TOKEN', 'ghp_new');
    services.log.close();

    expect(Object.keys(JSON.parse(readFileSync(paths.secrets, 'utf8')).secrets)).toEqual([
      'GITHUB_TOKEN',
    ]);
    expect(readFileSync(join(paths.home, asideOf(paths.secrets)[0]), 'utf8')).toBe('{"secrets": ');
  });

  it('says nothing when the files are fine or missing', async () => {
    writeFileSync(
      paths.windowState,
      JSON.stringify({ bounds: { x: 1, y: 2, width: 900, height: 700 } }),
    );
    const services = createDesktopServices(paths, keychain);
    await startDesktop(services);
    await services.windowState.load();
    await loadUpdatePrefs(services.updates);
    services.log.close();
    expect(services.notices).toEqual([]);
  });
});
