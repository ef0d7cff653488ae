// Pure selectors over the Browse view.
import type { LenaState } from '../create-store';

export const registrySelectors = {
  browsing: (s: LenaState) => s.browsingRegistry,
  query: (s: LenaState) => s.registryQuery,
  page: (s: LenaState) => s.registryPage,
  /** 1-based number of the page shown. */
  pageNumber: (s: LenaState) => s.registryCursors.length + 1,
  detail: (s: LenaState) => s.registryDetail,
  bundleSheet: (s: LenaState) => s.bundleSheet,
  bundleOpening: (s: LenaState) => s.bundleOpening,
  bundleError: (s: LenaState) => s.bundleError,
};
