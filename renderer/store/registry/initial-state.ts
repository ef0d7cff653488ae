// The servers page's Browse view: the MCP Registry's pages and the server being installed.
import type { RegistryPageView, RegistryServerDetail } from '../../../shared/install-types';
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
}

export const initialRegistryState = (): RegistryState => ({
  browsingRegistry: false,
  registryQuery: '',
  registryPage: idle(),
  registryCursors: [],
  registryDetail: idle(),
});
