// Searching the MCP Registry page by page, opening a server's install form, previewing and saving
// an install. A saved install joins the server list and is selected (untrusted, like any new one).
import type { InstallPreview } from '../../../shared/install-types';
import type { ServerStatus } from '../../../shared/server-types';
import { failed, idle, loading, ready, reloading } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface InstallChoice {
  name: string;
  version?: string;
  optionId: string;
  /** By field key; empty fields left out. */
  values: Record<string, string | string[]>;
}

export interface RegistryActions {
  setBrowsingRegistry(browsing: boolean): void;
  /** The first page of servers whose names contain `query`. */
  searchRegistry(query: string): Promise<void>;
  nextRegistryPage(): Promise<void>;
  previousRegistryPage(): Promise<void>;
  openRegistryServer(name: string | null): Promise<void>;
  previewInstall(choice: InstallChoice): Promise<Outcome<InstallPreview>>;
  installFromRegistry(
    choice: InstallChoice & { serverName: string; sandbox?: boolean },
  ): Promise<Outcome<ServerStatus>>;
}

export const createRegistryActions: ActionsCreator<RegistryActions> = (set, get, host) => {
  const load = async (cursor: string | undefined, cursors: (string | undefined)[]) => {
    set((s) => ({ registryPage: reloading(s.registryPage) }));
    const search = get().registryQuery.trim();
    const r = await attempt(() =>
      host.call('registry:search', {
        ...(search ? { search } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    );
    set((s) =>
      r.ok
        ? { registryPage: ready(r.value), registryCursors: cursors }
        : { registryPage: failed(s.registryPage, r.error) },
    );
  };
  const current: { cursor: string | undefined } = { cursor: undefined };
  return {
    setBrowsingRegistry(browsing) {
      set({
        browsingRegistry: browsing,
        ...(browsing ? { addingServer: false, selectedServer: null } : {}),
      });
      if (browsing && get().registryPage.status === 'idle') void get().searchRegistry('');
    },
    async searchRegistry(query) {
      set({ registryQuery: query, registryPage: loading(), registryDetail: idle() });
      current.cursor = undefined;
      await load(undefined, []);
    },
    async nextRegistryPage() {
      const next = get().registryPage.value?.nextCursor;
      if (!next) return;
      const before = [...get().registryCursors, current.cursor];
      current.cursor = next;
      await load(next, before);
    },
    async previousRegistryPage() {
      const cursors = get().registryCursors;
      if (cursors.length === 0) return;
      const previous = cursors[cursors.length - 1];
      current.cursor = previous;
      await load(previous, cursors.slice(0, -1));
    },
    async openRegistryServer(name) {
      if (name === null) return set({ registryDetail: idle() });
      set({ registryDetail: loading() });
      const r = await attempt(() => host.call('registry:show', { name }));
      set((s) => ({
        registryDetail: r.ok ? ready(r.value) : failed(s.registryDetail, r.error, null),
      }));
    },
    previewInstall: (choice) => attempt(() => host.call('registry:preview', choice)),
    async installFromRegistry(choice) {
      const r = await attempt(() => host.call('registry:install', choice));
      if (r.ok) {
        set({ browsingRegistry: false, registryDetail: idle() });
        await get().loadServers();
        get().selectServer(r.value.name);
      }
      return r;
    },
  };
};
