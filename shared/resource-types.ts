// What a server offers besides tools, as the window sees it (issue 22): its resources, templates
// and prompts, and the events that say one changed.
import type { Prompt, PromptMessage, Resource, ResourceTemplate } from './mcp-types';

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

/**
 * A prompt's messages as the server returned them, shown to the user before anything is stored or
 * sent. Running it (`prompts:run` with `previewId`) inserts exactly these messages, never a second
 * answer of the server.
 */
export interface PromptPreview {
  previewId: string;
  server: string;
  prompt: string;
  description?: string;
  messages: PromptMessage[];
}
