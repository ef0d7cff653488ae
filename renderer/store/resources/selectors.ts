// Pure selectors over what servers offer besides tools.
import type { LenaState } from '../create-store';
import { resourceKey } from './initial-state';

export const resourcesSelectors = {
  offerings: (server: string) => (s: LenaState) => s.offeringsByServer[server]?.value ?? undefined,
  offeringsError: (server: string) => (s: LenaState) =>
    s.offeringsByServer[server]?.error ?? undefined,
  viewer: (s: LenaState) => s.viewer,
  changed: (server: string | undefined, uri: string | undefined) => (s: LenaState) =>
    server && uri ? s.changedResources[resourceKey(server, uri)] === true : false,
  promptCommands: (s: LenaState) => s.promptCommands,
  promptToOpen: (s: LenaState) => s.promptToOpen,
};
