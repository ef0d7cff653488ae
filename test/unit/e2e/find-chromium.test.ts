// `npm test` finds a Chrome or Chromium where people have one, not only at Debian's path.
import { describe, expect, it } from 'vitest';
import { chromiumCandidates, findChromium } from '../../e2e/find-chromium';

const only = (path: string) => (candidate: string) => candidate === path;

describe('the Chromium the end-to-end tests drive', () => {
  it('LENA_CHROMIUM wins and is the only place looked at', () => {
    expect(
      findChromium({ LENA_CHROMIUM: '/opt/chrome/chrome' }, 'linux', only('/opt/chrome/chrome')),
    ).toBe('/opt/chrome/chrome');
    expect(
      findChromium({ LENA_CHROMIUM: '/nowhere/chrome' }, 'linux', only('/usr/bin/chromium')),
    ).toBeNull();
  });

  it('finds Debian’s, Ubuntu’s, Google’s and snap installs on Linux', () => {
    for (const path of [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome-stable',
      '/snap/bin/chromium',
    ])
      expect(findChromium({}, 'linux', only(path))).toBe(path);
    expect(findChromium({}, 'linux', () => false)).toBeNull();
  });

  it('finds Chrome in /Applications or ~/Applications on macOS', () => {
    expect(
      findChromium(
        {},
        'darwin',
        only('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
      ),
    ).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(chromiumCandidates({}, 'darwin', '/Users/ada')).toContain(
      '/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium',
    );
  });

  it('finds Chrome or Edge under Program Files or LocalAppData on Windows', () => {
    const env = {
      PROGRAMFILES: 'C:\\Program Files',
      LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
    };
    expect(
      findChromium(
        env,
        'win32',
        only('C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'),
      ),
    ).toBe('C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
    expect(
      findChromium(
        env,
        'win32',
        only('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe'),
      ),
    ).toBe('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe');
  });
});
