// Everything a server offers besides tools (issue 22): its resources, resource templates and
// prompts, reading one, getting one, completing an argument. One place over the manager, for the
// window's handlers and the `lena mcp` commands alike; a server that is down is started once
// first (as for a tool call), and a server that never connects is a clear error.
import type {
  Completion,
  CompletionRef,
  GetPromptResult,
  ResourceContents,
} from '../../../../shared/mcp-types';
import type { ServerOfferingsView } from '../../../../shared/resource-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { statusPhrase } from '../../../../shared/server-types';
import type { McpClient } from '../client';
import type { McpManager } from './manager';

/** What one server offers besides tools, with what it can do about them. */
export type ServerOfferings = ServerOfferingsView;

/** The live client of `server`, started first when it is down or not started yet. */
export async function clientOf(manager: McpManager, server: string): Promise<McpClient> {
  const session = manager.session(server);
  if (!session) throw new LenaError(ERROR_CODE.notFound, `There is no server named "${server}".`);
  if (!manager.started(server)) await manager.startServers([server]);
  if (!session.connected) await session.ensureConnected();
  const client = session.mcp;
  if (!client || !session.connected) {
    const st = session.status;
    throw new LenaError(
      ERROR_CODE.unavailable,
      `Server "${server}" ${statusPhrase(st.status)}${st.error ? `: ${st.error.message}` : ''}; start it (Retry on the servers page) and try again.`,
    );
  }
  return client;
}

/** Lists resources and templates (every page) and prompts; a list the server fails is empty. */
export async function offerings(manager: McpManager, server: string): Promise<ServerOfferings> {
  const client = await clientOf(manager, server);
  const caps = client.capabilities ?? {};
  const [resources, templates, prompts] = await Promise.all([
    client.listResources(),
    client.listResourceTemplates(),
    client.listPrompts(),
  ]);
  return {
    server,
    resources,
    templates,
    prompts,
    subscribe: caps.resources?.subscribe === true,
    completions: caps.completions !== undefined,
  };
}

export async function readResource(
  manager: McpManager,
  server: string,
  uri: string,
): Promise<ResourceContents[]> {
  const client = await clientOf(manager, server);
  return (await client.readResource(uri)).contents;
}

/** Gets a prompt; an unknown prompt or a missing required argument is refused before the server is asked. */
export async function getPrompt(
  manager: McpManager,
  server: string,
  name: string,
  args?: Record<string, string>,
): Promise<GetPromptResult> {
  const client = await clientOf(manager, server);
  const prompt = (await client.listPrompts()).find((p) => p.name === name);
  if (!prompt)
    throw new LenaError(
      ERROR_CODE.notFound,
      `${server} has no prompt "${name}"; its list may have changed: open the composer's / menu again.`,
    );
  const missing = (prompt.arguments ?? [])
    .filter((a) => a.required && !args?.[a.name])
    .map((a) => `"${a.name}"`);
  if (missing.length > 0)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `The prompt "${name}" of ${server} needs ${missing.join(', ')}; fill ${missing.length === 1 ? 'it' : 'them'} in and run it again.`,
    );
  return client.getPrompt(name, args);
}

export async function complete(
  manager: McpManager,
  server: string,
  ref: CompletionRef,
  argument: { name: string; value: string },
  context?: Record<string, string>,
): Promise<Completion> {
  const client = await clientOf(manager, server);
  return client.complete(ref, argument, context);
}
