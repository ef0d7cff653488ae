// The only way authorization traffic leaves Lena: a fetch-shaped function (what oauth4webapi's
// customFetch expects) over node:http/https that checks every URL against the address policy,
// connects to the very address it checked (no second DNS answer), never sends a cookie jar or
// proxy credentials, follows redirects only when asked and re-checks each hop, and bounds the
// body and the time.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';
import { AuthError, type AuthStep } from './types';

export interface GuardedInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | null;
  redirect?: 'manual' | 'follow' | 'error';
  signal?: AbortSignal | null;
}

export type GuardedFetch = (url: string | URL, init?: GuardedInit) => Promise<Response>;

const MAX_BODY = 1024 * 1024;
const TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  /** Which step a refusal belongs to (discovery, token…), for the error. */
  step: AuthStep;
  timeoutMs?: number;
}

function headerRecord(h: GuardedInit['headers']): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  return { ...h };
}

/** A fetch that obeys the policy; `what` names the request in a refusal ("token endpoint"). */
export function guardedFetch(options: GuardedFetchOptions): GuardedFetch {
  return async (input, init = {}) => {
    let url = new URL(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body === null || init.body === undefined ? undefined : String(init.body);
    for (let hop = 0; ; hop++) {
      const res = await once(
        url,
        method,
        headerRecord(init.headers),
        body,
        init.signal ?? undefined,
        options,
      );
      const location = res.headers.get('location');
      if (init.redirect !== 'follow' || res.status < 300 || res.status > 399 || !location)
        return res;
      if (hop >= MAX_REDIRECTS)
        throw new AuthError(
          options.step,
          `${url.origin}${url.pathname} redirected too many times.`,
        );
      url = new URL(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

async function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal | undefined,
  options: GuardedFetchOptions,
): Promise<Response> {
  const addresses = await options.policy.check(url, options.step, 'a request to');
  // Every checked address in turn (an IPv6 answer first, a server listening on IPv4 only).
  for (let i = 0; ; i++) {
    try {
      return await connect(url, addresses[i], method, headers, body, signal, options);
    } catch (err) {
      const code = ((err as Error).cause as { code?: string } | undefined)?.code;
      if (i + 1 >= addresses.length || !code || !UNREACHABLE.has(code)) throw err;
    }
  }
}

// Long: socket, TLS, request, response and every error path settle one promise.
function connect(
  url: URL,
  address: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal | undefined,
  options: GuardedFetchOptions,
): Promise<Response> {
  // Connect to the checked address only; TLS still verifies the certificate for the host name.
  const pinned: LookupFunction = (_host, opts, cb) => {
    const family = isIP(address);
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    else cb(null, address, family);
  };
  const lib = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return new Promise<Response>((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY) {
            req.destroy(
              new AuthError(
                options.step,
                `${url.origin}${url.pathname} sent more than ${MAX_BODY} bytes.`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
          }
          const payload =
            status === 204 || status === 304 || method === 'HEAD' ? null : Buffer.concat(chunks);
          const response = new Response(payload, {
            status: status < 200 ? 502 : status,
            statusText: res.statusMessage,
            headers: out,
          });
          Object.defineProperty(response, 'url', { value: url.href });
          resolve(response);
        });
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(
        new AuthError(
          options.step,
          `${url.origin}${url.pathname} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
        ),
      ),
    );
    req.on('error', (err) => {
      if (err instanceof AuthError) reject(err);
      else
        reject(
          new AuthError(
            options.step,
            `Could not reach ${url.origin}${url.pathname} (${err.message}); check the network and the server.`,
            { cause: err },
          ),
        );
    });
    req.end(body);
  });
}
