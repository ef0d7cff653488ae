// Which Chrome or Chromium the end-to-end tests drive: LENA_CHROMIUM when set (then only that),
// else the usual install locations of Chromium, Chrome and Edge on Linux, macOS and Windows.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';

/** The places looked at, in order, for `platform`. */
export function chromiumCandidates(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  home = homedir(),
): string[] {
  if (env.LENA_CHROMIUM) return [env.LENA_CHROMIUM];
  const fromEnv = env.CHROME_PATH ? [env.CHROME_PATH] : [];
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    return [
      ...fromEnv,
      ...apps.map((a) => `/Applications/${a}`),
      ...apps.map((a) => join(home, 'Applications', a)),
    ];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r): r is string => Boolean(r),
    );
    const exes = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return [...fromEnv, ...exes.flatMap((exe) => roots.map((root) => win32.join(root, exe)))];
  }
  const bins = [
    'chromium',
    'chromium-browser',
    'google-chrome',
    'google-chrome-stable',
    'microsoft-edge',
  ];
  return [
    ...fromEnv,
    ...bins.map((b) => `/usr/bin/${b}`),
    '/snap/bin/chromium',
    ...bins.map((b) => `/usr/local/bin/${b}`),
  ];
}

/** The first candidate that exists, or null. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): string | null {
  return chromiumCandidates(env, platform).find((path) => exists(path)) ?? null;
}
