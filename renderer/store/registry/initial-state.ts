// The servers page's Browse view: the MCP Registry's pages and the server being installed.
import type { BundleOpened } from '../../../shared/bundle-types';
import type { RegistryPageView, RegistryServerDetail } from '../../../shared/install-types';
import type { UiError } from '../result';
import { idle, type Loadable } from '../loadable';

export interface RegistryState {
  /** The Browse view instead of a server's detail. */
  browsingRegistry: boolean;
  registryQuery: string;
  registryPage: Loadable<RegistryPageView>;
  /** Cursors of the pages before this one (the first page has none), for "Previous". */
  registryCursors: (string | undefined)[];
  /** The server whose install form is open. */
  registryDetail: Loadable<RegistryServerDetail>;
  /** The opened MCP bundle whose install sheet shows. */
  bundleSheet: BundleOpened | null;
  bundleOpening: boolean;
  /** Why the last bundle could not be opened. */
  bundleError: UiError | null;
}

export const initialRegistryState = (): RegistryState => ({
  browsingRegistry: false,
  registryQuery: '',
  registryPage: idle(),
  registryCursors: [],
  registryDetail: idle(),
  bundleSheet: null,
  bundleOpening: false,
  bundleError: null,
});
