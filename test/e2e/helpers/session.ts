// Shared setup for the window's end-to-end tests: a temporary Lena home, the app opened on it,
// every request the page makes recorded (so a test can prove nothing left), and cleanup.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type AppSession, type OpenAppOptions } from '../harness';

export interface WindowSession extends AppSession {
  home: string;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Requests to anywhere but the app's own origin. */
  foreignRequests(): string[];
  /** Uncaught page errors (a crash in React shows here). */
  pageErrors: string[];
  dispose(): Promise<void>;
}

export async function openWindow(options: Partial<OpenAppOptions> = {}): Promise<WindowSession> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'lena-e2e-window-'));
  const app = await openApp({ ...options, home });
  const requests: string[] = [];
  const pageErrors: string[] = [];
  app.page.on('request', (r) => requests.push(r.url()));
  app.page.on('pageerror', (e) => pageErrors.push(e.message));
  return Object.assign(app, {
    home,
    requests,
    pageErrors,
    foreignRequests: () =>
      requests.filter(
        (u) => !u.startsWith(app.url) && !u.startsWith('data:') && !u.startsWith('blob:'),
      ),
    async dispose() {
      await app.close();
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  });
}
