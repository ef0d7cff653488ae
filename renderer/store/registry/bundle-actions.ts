// MCP bundles in the window: a file dropped on the window, chosen with "Install from file…",
// downloaded from the registry, or opened from outside (core's `bundles:opened`) is opened and
// verified by core; its sheet shows on the servers page until installed or closed.
import type { BundleOpened, BundleValues } from '../../../shared/bundle-types';
import { ERROR_CODE } from '../../../shared/result';
import type { ServerStatus } from '../../../shared/server-types';
import { attempt, type Outcome, type UiError } from '../result';
import type { ActionsCreator } from '../slice';

export type BundleSourceChoice =
  { fileName: string; data: string } | { registry: string; version?: string; optionId: string };

export interface BundleActions {
  /** Opens a bundle in core and shows its sheet (the servers page comes forward). */
  openBundle(source: BundleSourceChoice): Promise<Outcome<BundleOpened>>;
  /** Reads a File (dropped or chosen) and opens it. */
  openBundleFile(file: { name: string; arrayBuffer(): Promise<ArrayBuffer> }): Promise<void>;
  closeBundle(): void;
  installBundle(request: {
    values: BundleValues;
    serverName: string;
    trustSigner?: string;
  }): Promise<Outcome<ServerStatus>>;
  pickBundlePaths(kind: 'directory' | 'file', multiple: boolean): Promise<Outcome<string[]>>;
  subscribeBundles(): () => void;
}

/** Base64 of bytes, in slices (String.fromCharCode over a whole file overflows the stack). */
function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export const createBundleActions: ActionsCreator<BundleActions> = (set, get, host) => {
  const show = (opened: BundleOpened) => {
    set({ bundleSheet: opened, bundleError: null, view: 'servers' });
  };
  return {
    async openBundle(source) {
      set({ bundleOpening: true, bundleError: null });
      const r = await attempt(() => host.call('bundles:open', source));
      set({ bundleOpening: false });
      if (r.ok) show(r.value);
      else set({ bundleError: r.error as UiError, view: 'servers' });
      return r;
    },
    async openBundleFile(file) {
      const data = base64(new Uint8Array(await file.arrayBuffer()));
      await get().openBundle({ fileName: file.name, data });
    },
    closeBundle: () => set({ bundleSheet: null, bundleError: null }),
    async installBundle(request) {
      const sheet = get().bundleSheet;
      if (!sheet)
        return { ok: false, error: { code: ERROR_CODE.notFound, message: 'No bundle is open' } };
      const values = Object.fromEntries(
        Object.entries(request.values).filter(
          (e): e is [string, NonNullable<BundleValues[string]>] => e[1] !== undefined,
        ),
      );
      const r = await attempt(() =>
        host.call('bundles:install', { ...request, token: sheet.token, values }),
      );
      if (r.ok) {
        set({ bundleSheet: null, bundleError: null, browsingRegistry: false });
        await get().loadServers();
        get().selectServer(r.value.name);
      }
      return r;
    },
    pickBundlePaths: (kind, multiple) =>
      attempt(() => host.call('bundles:pick-paths', { kind, multiple })),
    subscribeBundles() {
      const stop = host.subscribe('bundles:opened', (opened) => show(opened));
      // A bundle double-clicked before the window was listening.
      void attempt(() => host.call('bundles:pending')).then((r) => {
        if (r.ok && r.value) show(r.value);
      });
      return stop;
    },
  };
};
