// The one list of reasons a test may skip (test/skip-reasons.ts): a reason applies only on a
// developer's machine and says why when it does; under CI none applies. And no test file skips
// any other way: a test that skipped on a missing part of Lena would hide a regression.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const TEST_DIR = resolve(__dirname, '..');

/** skip-reasons.ts loaded afresh with `env` (it reads CI once, when loaded). */
async function loadWith(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('../skip-reasons');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('reasons to skip', () => {
  it('a missing browser skips on a developer’s machine, saying why once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { skipWhen } = await loadWith({ CI: undefined, LENA_CHROMIUM: '/nowhere/chromium' });
    expect(skipWhen('no-browser')).toBe(true);
    expect(skipWhen('no-browser')).toBe(true);
    expect(warn.mock.calls).toEqual([
      [
        expect.stringMatching(
          /^skipped \(no-browser\): no Chrome or Chromium found .*LENA_CHROMIUM/,
        ),
      ],
    ]);
  });

  it('under CI=true no reason applies: the test runs and fails on what is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { skipWhen } = await loadWith({ CI: 'true', LENA_CHROMIUM: '/nowhere/chromium' });
    expect(
      skipWhen('no-browser', 'no-user-namespaces', 'not-posix', 'not-root', 'no-terminal-command'),
    ).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a browser that is there is no reason to skip', async () => {
    const { skipWhen } = await loadWith({ CI: undefined, LENA_CHROMIUM: process.execPath });
    expect(skipWhen('no-browser')).toBe(false);
  });
});

/** Every test file under test/, as paths relative to it. */
function testFiles(dir = TEST_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [relative(TEST_DIR, path)] : [];
  });
}

describe('test files', () => {
  it('skip only through skipWhen, never by a condition of their own, .skip or .todo', () => {
    const offenders = testFiles().flatMap((file) => {
      const text = readFileSync(join(TEST_DIR, file), 'utf8');
      return [
        ...text.matchAll(/\.skipIf\((?!skipWhen\()[^\n]*|\.(?:skip|todo)\(|\bctx\.skip\b/g),
      ].map((m) => `${file}: ${m[0]}`);
    });
    expect(offenders).toEqual([]);
  });
});
