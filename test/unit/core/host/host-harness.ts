// A real core host for the tests of test/unit/core/host: a temporary home, a bare environment
// (PATH and HOME, plus what a test adds), dispatch as the window calls it, and clean-up. A host or
// home made during a test goes after that test; one made in beforeAll goes after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { createHost, type Host, type HostOptions } from '../../../../electron/core/host';

export const ROOT = resolve(__dirname, '../../../..');
export const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
export const EVERYTHING = join(
  ROOT,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
/** Where the window's calls come from. */
export const ctx = { senderUrl: 'app://lena/index.html' };

type Cleanup = () => Promise<void> | void;
const perTest: Cleanup[] = [];
const perFile: Cleanup[] = [];
let inTest = false;

async function run(cleanups: Cleanup[]): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c();
}
beforeEach(() => {
  inTest = true;
});
afterEach(async () => {
  inTest = false;
  await run(perTest);
});
afterAll(() => run(perFile));
const later = (c: Cleanup) => (inTest ? perTest : perFile).push(c);

/** A new empty folder under the temp folder, removed afterwards. */
export function tempHome(prefix = 'lena-host-'): string {
  const home = mkdtempSync(join(tmpdir(), prefix));
  later(() => rmSync(home, { recursive: true, force: true }));
  return home;
}

export interface HostUnderTest {
  host: Host;
  home: string;
  /** The envelope the window gets. */
  dispatch(channel: string, args?: unknown): ReturnType<Host['dispatch']>;
  /** The value of a call that must succeed; an error envelope throws with its code and message. */
  call<T>(channel: string, args?: unknown): Promise<T>;
  /** Closes the host (again is a no-op, so a test may close it early). */
  close(): Promise<void>;
}

/** A host over `home` (options.env adds to PATH and HOME), closed afterwards. */
export function startHost(home: string, options: Omit<HostOptions, 'home'> = {}): HostUnderTest {
  const host = createHost({
    ...options,
    home,
    env: { PATH: process.env.PATH, HOME: home, ...options.env },
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= host.close());
  later(close);
  const dispatch = (channel: string, args?: unknown) => host.dispatch(channel, args, ctx);
  return {
    host,
    home,
    dispatch,
    close,
    async call<T>(channel: string, args?: unknown): Promise<T> {
      const r = await dispatch(channel, args);
      if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
      return r.value as T;
    },
  };
}

/** A host over a new temporary home. */
export function newHost(prefix: string, options: Omit<HostOptions, 'home'> = {}): HostUnderTest {
  return startHost(tempHome(prefix), options);
}
