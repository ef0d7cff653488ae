// The loopback redirect of a native app (RFC 8252 §7.3): a one-shot HTTP listener on 127.0.0.1
// (an ephemeral port, or the entry's callbackPort) that takes the authorization response at
// /callback, shows the browser a short page, and hands the parameters to the flow.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from './types';

export interface LoopbackRedirect {
  readonly redirectUri: string;
  /** Resolves with the callback's query parameters (code, state, iss or error). */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<URLSearchParams>;
  close(): void;
}

const PAGE = (title: string, body: string): string =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font:16px system-ui;margin:3em"><h1>${title}</h1><p>${body}</p></body>`;

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** A redirect address nobody listens on (its port is taken): only a pasted response completes the sign-in. */
export function unheardRedirect(port: number): LoopbackRedirect {
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    wait: (timeoutMs, signal) => waitFor(undefined, timeoutMs, signal),
    close: () => undefined,
  };
}

/** Waits for the callback (`attach` hands over the deliverer), the timeout or the abort. */
function waitFor(
  attach: ((deliver: (params: URLSearchParams) => void) => void) | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new AuthError(
            'consent',
            `Sign-in timed out: the browser did not come back to Lena within ${Math.round(timeoutMs / 1000)} s.`,
            { hint: 'Try Sign in again and finish the steps in the browser.' },
          ),
        ),
      timeoutMs,
    );
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new AuthError('consent', 'Sign-in was cancelled.'));
    });
    attach?.((params) => {
      clearTimeout(timer);
      resolve(params);
    });
  });
}

/** Listens on `preferredPort` (0 = any); falls back to an ephemeral port when `strict` is false. */
export async function openLoopbackRedirect(
  preferredPort = 0,
  strict = false,
): Promise<LoopbackRedirect> {
  let deliver: ((params: URLSearchParams) => void) | undefined;
  let received: URLSearchParams | undefined;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback' || received) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    received = url.searchParams;
    const failed = url.searchParams.has('error');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        failed
          ? PAGE('Sign-in did not complete', 'You can close this tab and return to Lena.')
          : PAGE('Signed in', 'You can close this tab and return to Lena.'),
      );
    deliver?.(url.searchParams);
  });
  try {
    await listen(server, preferredPort);
  } catch (err) {
    if (strict || preferredPort === 0) {
      throw new AuthError(
        'consent',
        `Could not listen for the sign-in redirect on 127.0.0.1:${preferredPort} (${(err as Error).message}).`,
        {
          hint: 'Another program uses that port; change "callbackPort" in the server entry, or remove it to use any free port.',
        },
      );
    }
    await listen(server, 0);
  }
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    wait(timeoutMs, signal) {
      if (received) return Promise.resolve(received);
      return waitFor((d) => (deliver = d), timeoutMs, signal);
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
