// Where authorization traffic may go (RELIABILITY.md security 13 and 27). A URL found through
// discovery or a redirect is attacker-influenced: it may not reach an address more private than
// the server the user configured (public → public only; a private network → the same private
// range or public; loopback → loopback or public), link-local and cloud metadata addresses are
// always refused, and plain http is allowed only on loopback and only when the configured server
// is itself on loopback. Host names are resolved and every address checked; the connection then
// goes to a checked address (guarded-fetch.ts pins it), so DNS cannot swap it afterwards.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AuthError, type AuthStep } from './types';

/** `private:<range>` names the private range, so 10.x and 192.168.x are different classes. */
export type AddressClass =
  'public' | 'loopback' | `private:${string}` | 'link-local' | 'metadata' | 'reserved';

const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);

function v4Parts(ip: string): number[] {
  return ip.split('.').map((p) => Number(p));
}

function classifyV4(ip: string): AddressClass {
  if (METADATA_V4.has(ip)) return 'metadata';
  const [a, b] = v4Parts(ip);
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10) return 'private:10/8';
  if (a === 172 && b >= 16 && b <= 31) return 'private:172.16/12';
  if (a === 192 && b === 168) return 'private:192.168/16';
  if (a === 100 && b >= 64 && b <= 127) return 'private:100.64/10';
  if (a === 0 || a >= 224) return 'reserved'; // "this network", multicast, broadcast
  return 'public';
}

function expandV6(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4Parts(v4[1]);
    text =
      text.slice(0, -v4[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...zeros, ...t].map((g) => parseInt(g || '0', 16));
}

function classifyV6(ip: string): AddressClass {
  const g = expandV6(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return classifyV4(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`); // IPv4-mapped
  }
  if (g.slice(0, 7).every((x) => x === 0)) return g[7] === 1 ? 'loopback' : 'reserved'; // ::1, ::
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254)
    return 'metadata';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xfe00) === 0xfc00) return 'private:fc00::/7';
  if ((g[0] & 0xff00) === 0xff00) return 'reserved'; // multicast
  return 'public';
}

/** The class of one IP address (v4, v6, or IPv4-mapped v6). */
export function classifyAddress(ip: string): AddressClass {
  return isIP(ip) === 4 ? classifyV4(ip) : classifyV6(ip);
}

/** Whether a URL's resolved class may be reached from a configured server of class `base`. */
export function reachable(base: AddressClass, target: AddressClass): boolean {
  if (target === 'link-local' || target === 'metadata' || target === 'reserved') return false;
  if (target === 'public') return true;
  return target === base; // loopback → loopback; private:X → private:X
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** The configured server's class, from every address its host resolves to (the most private wins). */
export async function classifyUrl(
  url: URL,
  resolve: Resolver = systemResolver,
): Promise<AddressClass> {
  const host = bareHost(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const addresses = isIP(host) ? [host] : await resolve(host);
  const classes = addresses.map(classifyAddress);
  for (const c of ['metadata', 'link-local', 'reserved', 'loopback'] as const)
    if (classes.includes(c)) return c;
  return classes.find((c) => c.startsWith('private:')) ?? 'public';
}

/** The rule for one configured server: which URLs discovery and redirects may lead to. */
export class AddressPolicy {
  constructor(
    readonly base: AddressClass,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  static async forServer(
    serverUrl: URL,
    resolve: Resolver = systemResolver,
  ): Promise<AddressPolicy> {
    return new AddressPolicy(await classifyUrl(serverUrl, resolve), resolve);
  }

  /** Plain http is only for a loopback server talking to loopback authorization. */
  get allowsHttp(): boolean {
    return this.base === 'loopback';
  }

  /** Checks scheme and host of `url` and returns the addresses it may be reached at; throws otherwise. */
  async check(url: URL, step: AuthStep, what: string): Promise<string[]> {
    const shown = `${url.protocol}//${url.host}${url.pathname}`; // never the query: it may hold a state or code
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new AuthError(
        step,
        `Refused ${what} ${JSON.stringify(shown.slice(0, 80))}: only https URLs are allowed.`,
      );
    }
    const host = bareHost(url);
    const named = !isIP(host);
    const addresses =
      host === 'localhost' || host.endsWith('.localhost')
        ? ['127.0.0.1', '::1']
        : named
          ? await this.lookup(host, step, shown)
          : [host];
    for (const address of addresses) {
      const cls = classifyAddress(address);
      if (!reachable(this.base, cls)) {
        throw new AuthError(
          step,
          `Refused ${what} ${shown}: it points at a ${describe(cls)} address (${address}), which a ${describe(this.base)} server may not send you to.`,
          {
            hint: 'This protects your local network from a malicious server; if you trust this setup, configure the server by a URL in the same network.',
          },
        );
      }
      if (url.protocol === 'http:' && !(cls === 'loopback' && this.allowsHttp)) {
        throw new AuthError(
          step,
          `Refused ${what} ${shown}: plain http is only allowed on loopback, for a server configured on loopback. Use https.`,
        );
      }
    }
    return addresses;
  }

  private async lookup(host: string, step: AuthStep, shown: string): Promise<string[]> {
    try {
      const found = await this.resolve(host);
      if (found.length === 0) throw new Error('no addresses');
      return found;
    } catch (err) {
      throw new AuthError(
        step,
        `Could not resolve ${shown} (${(err as Error).message}); check your network.`,
        { cause: err },
      );
    }
  }
}

function describe(cls: AddressClass): string {
  if (cls.startsWith('private:')) return `private-network (${cls.slice(8)})`;
  return cls === 'metadata' ? 'cloud metadata' : cls;
}
