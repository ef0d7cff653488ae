// What a server offers besides tools, as the window sees it (issue 22): its resources, templates
// and prompts, and the events that say one changed.
import type { Prompt, Resource, ResourceTemplate } from './mcp-types';

export interface ServerOfferingsView {
  server: string;
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
  /** The server sends notifications/resources/updated for subscribed resources. */
  subscribe: boolean;
  /** The server completes template and prompt arguments (completion/complete). */
  completions: boolean;
}

/** One server's prompt, as a `/server:prompt` command of the composer. */
export interface PromptCommand {
  server: string;
  prompt: Prompt;
  completions: boolean;
}
