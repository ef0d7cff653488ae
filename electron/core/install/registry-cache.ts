// The registry's pages and the server records they name, on disk in Lena's home, one section per
// registry URL. A page keeps names only; the records are shared, so a refresh with
// `updated_since` updates every page that names a changed server. A damaged file is set aside
// (base's policy) and the cache starts over: it only saves requests.
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';
import type { RegistryServer } from './server-json';

interface CachedPage {
  fetchedAt: string;
  names: string[];
  nextCursor?: string;
}

interface Section {
  /** When the records were last brought up to date (the start of that request). */
  syncedAt?: string;
  records: Record<string, RegistryServer>;
  pages: Record<string, CachedPage>;
}

type CacheFile = { registries?: Record<string, Section> };

/** Pages kept per registry, newest first; older ones are dropped. */
const MAX_PAGES = 200;

export class RegistryCache {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly baseUrl: string,
  ) {}

  async page(key: string): Promise<CachedPage | undefined> {
    return (await this.section()).pages[key];
  }

  async records(names: string[]): Promise<RegistryServer[]> {
    const { records } = await this.section();
    return names.flatMap((n) => records[n] ?? []);
  }

  async syncedAt(): Promise<string | undefined> {
    return (await this.section()).syncedAt;
  }

  savePage(key: string, servers: RegistryServer[], nextCursor: string | undefined, at: string) {
    return this.edit((s) => {
      for (const server of servers) s.records[server.server.name] = server;
      s.pages[key] = {
        fetchedAt: at,
        names: servers.map((x) => x.server.name),
        ...(nextCursor ? { nextCursor } : {}),
      };
      s.syncedAt ??= at;
      const keys = Object.keys(s.pages).sort((a, b) =>
        s.pages[b].fetchedAt.localeCompare(s.pages[a].fetchedAt),
      );
      for (const old of keys.slice(MAX_PAGES)) delete s.pages[old];
    });
  }

  merge(changed: RegistryServer[], at: string) {
    return this.edit((s) => {
      for (const server of changed) s.records[server.server.name] = server;
      s.syncedAt = at;
    });
  }

  clear() {
    return this.edit((s) => {
      s.records = {};
      s.pages = {};
      delete s.syncedAt;
    });
  }

  private async readAll(): Promise<CacheFile> {
    const raw = (await readJsonFileTolerant(this.file)) as CacheFile | undefined;
    return raw && typeof raw === 'object' ? raw : {};
  }

  private async section(): Promise<Section> {
    await this.queue;
    const s = (await this.readAll()).registries?.[this.baseUrl];
    return { records: s?.records ?? {}, pages: s?.pages ?? {}, ...s };
  }

  private edit(change: (s: Section) => void): Promise<void> {
    const next = this.queue.then(async () => {
      const all = await this.readAll();
      const registries = (all.registries ??= {});
      const s = (registries[this.baseUrl] ??= { records: {}, pages: {} });
      change(s);
      await writeJsonFile(this.file, all, { mode: 0o600 });
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
