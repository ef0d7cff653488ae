// The MCP Registry's read API (v0.1, docs/reference/api/openapi.yaml): search pages with
// `metadata.nextCursor`, one server by URL-encoded name and version (`latest` or exact). Deleted
// servers are never listed; a deprecated one keeps its status and message. Pages are kept on disk
// (registry-cache.ts) and served from there while fresh; the records they name are refreshed with
// `updated_since`, so a server deprecated or deleted since shows so at once. A registry that
// cannot be reached is an error that says so (or the cached page, marked stale), never an empty list.
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { RegistryCache } from './registry-cache';
import { readServerResponse, ServerListSchema, type RegistryServer } from './server-json';

/** The official registry; a setting (`registryUrl`) or `--registry URL` points elsewhere. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

export interface RegistryPage {
  servers: RegistryServer[];
  nextCursor?: string;
  /** The registry could not be reached: this is the page as cached at `fetchedAt`. */
  stale?: { fetchedAt: string; reason: string };
}

export interface RegistryClientOptions {
  baseUrl?: string;
  /** Where pages are cached; none: no cache. */
  cacheFile?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a cached page is served without asking for it again (default 10 min). */
  pageTtlMs?: number;
  now?: () => number;
}

export interface SearchQuery {
  search?: string;
  cursor?: string;
  limit?: number;
}

const PAGE_TTL_MS = 10 * 60_000;
/** At most this many pages of changes per refresh; past it the cache starts over. */
const MAX_DELTA_PAGES = 5;

export class RegistryClient {
  readonly baseUrl: string;
  private readonly cache: RegistryCache | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly pageTtlMs: number;
  private readonly now: () => number;

  constructor(options: RegistryClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_REGISTRY_URL).replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.pageTtlMs = options.pageTtlMs ?? PAGE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.cache = options.cacheFile ? new RegistryCache(options.cacheFile, this.baseUrl) : undefined;
  }

  /** One page of the latest versions whose names contain `search`; deleted servers left out. */
  async search(query: SearchQuery = {}): Promise<RegistryPage> {
    const key = JSON.stringify([query.search ?? '', query.cursor ?? '', query.limit ?? 0]);
    const cached = await this.cache?.page(key);
    if (cached && this.now() - Date.parse(cached.fetchedAt) < this.pageTtlMs) {
      try {
        await this.refresh();
      } catch {
        // The cached page stands; its records are as last seen.
      }
      return this.visible(await this.cache!.records(cached.names), cached.nextCursor);
    }
    const params = new URLSearchParams({ version: 'latest' });
    if (query.search) params.set('search', query.search);
    if (query.limit) params.set('limit', String(query.limit));
    if (query.cursor) params.set('cursor', query.cursor);
    const startedAt = new Date(this.now()).toISOString();
    let list: { servers: RegistryServer[]; nextCursor?: string };
    try {
      list = await this.list(params);
    } catch (err) {
      if (!cached || !(err instanceof LenaError) || err.code !== ERROR_CODE.unavailable) throw err;
      const page = this.visible(await this.cache!.records(cached.names), cached.nextCursor);
      return { ...page, stale: { fetchedAt: cached.fetchedAt, reason: err.message } };
    }
    await this.cache?.savePage(key, list.servers, list.nextCursor, startedAt);
    return this.visible(list.servers, list.nextCursor);
  }

  /** One version (`latest` by default) of a server; a deleted one is not found. */
  async get(name: string, version = 'latest'): Promise<RegistryServer> {
    const url = `${this.baseUrl}/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
    const body = await this.request(url, `"${name}"${version === 'latest' ? '' : `@${version}`}`);
    const found = readServerResponse(body);
    if (!found)
      throw new LenaError(
        ERROR_CODE.protocolError,
        `${this.baseUrl} answered something that is not a server for "${name}"`,
      );
    if (found.status === 'deleted')
      throw new LenaError(
        ERROR_CODE.notFound,
        `"${name}" was deleted from ${this.baseUrl}${found.statusMessage ? `: ${found.statusMessage}` : ''}; it cannot be installed`,
      );
    return found;
  }

  private visible(servers: RegistryServer[], nextCursor?: string): RegistryPage {
    return {
      servers: servers.filter((s) => s.status !== 'deleted'),
      ...(nextCursor ? { nextCursor } : {}),
    };
  }

  /** Brings the cached records up to date with what changed since the last look. */
  private async refresh(): Promise<void> {
    if (!this.cache) return;
    const since = await this.cache.syncedAt();
    if (!since) return;
    const startedAt = new Date(this.now()).toISOString();
    const changed: RegistryServer[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < MAX_DELTA_PAGES; i++) {
      const params = new URLSearchParams({ version: 'latest', updated_since: since });
      if (cursor) params.set('cursor', cursor);
      const page = await this.list(params);
      changed.push(...page.servers);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    if (cursor) await this.cache.clear();
    else await this.cache.merge(changed, startedAt);
  }

  private async list(
    params: URLSearchParams,
  ): Promise<{ servers: RegistryServer[]; nextCursor?: string }> {
    const body = await this.request(`${this.baseUrl}/v0.1/servers?${params}`, 'the server list');
    const parsed = ServerListSchema.safeParse(body);
    if (!parsed.success)
      throw new LenaError(
        ERROR_CODE.protocolError,
        `${this.baseUrl} is not an MCP Registry: its server list has no "servers" array`,
      );
    const servers = parsed.data.servers.flatMap((s) => readServerResponse(s) ?? []);
    const next = parsed.data.metadata?.nextCursor;
    return { servers, ...(next ? { nextCursor: next } : {}) };
  }

  private async request(url: string, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const inner = (err as { cause?: { code?: string; message?: string } }).cause;
      const cause = inner?.code ?? inner?.message ?? (err as Error).message;
      throw new LenaError(
        ERROR_CODE.unavailable,
        `The MCP Registry at ${this.baseUrl} could not be reached (${cause}); check the network or the registryUrl setting, and try again`,
        undefined,
        'retry',
      );
    }
    if (res.status === 404)
      throw new LenaError(ERROR_CODE.notFound, `${what} is not in the registry at ${this.baseUrl}`);
    if (!res.ok)
      throw new LenaError(
        ERROR_CODE.unavailable,
        `The MCP Registry at ${this.baseUrl} answered ${res.status} ${res.statusText} for ${what}; try again later`,
        undefined,
        'retry',
        { data: { status: res.status } },
      );
    try {
      return await res.json();
    } catch {
      throw new LenaError(
        ERROR_CODE.protocolError,
        `${this.baseUrl} answered ${what} with something that is not JSON; is registryUrl an MCP Registry?`,
      );
    }
  }
}
