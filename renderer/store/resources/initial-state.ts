// What servers offer besides tools (issue 22): each server's resources, templates and prompts
// (loaded on demand), the resource viewer, resources attached and changed since, and the prompts
// the composer offers as commands.
import type { ResourceContents } from '../../../shared/mcp-types';
import type { PromptCommand, ServerOfferingsView } from '../../../shared/resource-types';
import type { Loadable } from '../loadable';

export interface ViewerState {
  server: string;
  uri: string;
  name: string;
  /** The read: under way, its parts, or why it failed. */
  contents: Loadable<ResourceContents[]>;
}

export interface ResourcesState {
  offeringsByServer: Record<string, Loadable<ServerOfferingsView>>;
  viewer: ViewerState | null;
  /** `server uri` of attached resources the server said changed since they were read. */
  changedResources: Record<string, true>;
  promptCommands: PromptCommand[];
  /** A prompt "Use in chat" asked for, until the composer opens its form. */
  promptToOpen: PromptCommand | null;
}

export const initialResourcesState = (): ResourcesState => ({
  offeringsByServer: {},
  viewer: null,
  changedResources: {},
  promptCommands: [],
  promptToOpen: null,
});

export const resourceKey = (server: string, uri: string) => `${server} ${uri}`;
