// What a tool view asks of Lena (the ext-apps host bridge forwards it from the window). Each
// request names its card; the server is the card's tool call's, never the window's word, so a
// view reaches only its own server, and only the tools that server marks visible to apps. A view's
// tools/call goes through the same gate as the model's, the dialog saying the view asks.
import type { AppViewRef } from '../../../../shared/app-view-types';
import type { CallToolResult, ResourceContents } from '../../../../shared/mcp-types';
import { openableUrl } from '../../../../shared/open-url';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { appVisible, viewUri } from '../../mcp/apps/ui-meta';
import { readResource } from '../../mcp/manager/offerings';
import type { RegisteredTool } from '../../mcp/registry/registry';
import type { Runtime } from '../runtime';
import { serverIdentity } from '../wiring';

/** The card's server and tool: a tool call stored in that conversation whose tool has a view. */
export function viewOwner(rt: Runtime, ref: AppViewRef): { server: string; tool: RegisteredTool } {
  const call = rt.conversations.store.toolCall(ref.conversationId, ref.toolUseId);
  if (!call || !call.server)
    throw new LenaError(
      ERROR_CODE.notFound,
      `No tool call ${ref.toolUseId} in this conversation: the view's card is gone.`,
    );
  const tool = rt.registry.tools(call.server).find((t) => t.tool.name === call.tool);
  if (!tool)
    throw new LenaError(
      ERROR_CODE.unavailable,
      `${call.server} no longer lists ${call.tool}; its view cannot act until the server offers it again.`,
    );
  if (!viewUri(tool.tool))
    throw new LenaError(
      ERROR_CODE.forbidden,
      `${call.server}'s ${call.tool} has no view, so nothing can ask in its name.`,
    );
  const standing = rt.permissions.standing(call.server, tool.tool);
  if (
    standing !== 'offered' ||
    rt.permissions.acceptance?.check(call.server, tool.tool).status === 'changed'
  ) {
    throw new LenaError(
      ERROR_CODE.forbidden,
      `${call.server}'s ${call.tool} or its view changed or is new; accept it on the server's Tools tab first.`,
    );
  }
  return { server: call.server, tool };
}

/** The view's tools/call: own server, visible to apps, not switched off, allowed by the gate. */
export async function callToolFromView(
  rt: Runtime,
  ref: AppViewRef,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const owner = viewOwner(rt, ref);
  const target = rt.registry.tools(owner.server).find((t) => t.tool.name === name);
  if (!target)
    throw new LenaError(
      ERROR_CODE.notFound,
      `${owner.server} has no tool named "${name}"; a view can call only its own server's tools.`,
    );
  if (!appVisible(target.tool))
    throw new LenaError(
      ERROR_CODE.forbidden,
      `${owner.server} marks ${name} for the model only; its view may not call it.`,
    );
  if (rt.registry.isDisabled(target.qualifiedName))
    throw new LenaError(
      ERROR_CODE.forbidden,
      `You switched ${name} off; switch it on in ${owner.server}'s Tools tab to let its view use it.`,
    );
  const auth = await rt.gate.admit({
    origin: 'view',
    call: {
      conversationId: ref.conversationId,
      toolUseId: ref.toolUseId,
      qualifiedName: target.qualifiedName,
      serverName: owner.server,
      toolName: name,
      identity: serverIdentity(rt.manager, owner.server),
      tool: target.tool,
      arguments: args,
    },
  });
  if (auth.outcome === 'deny') throw new LenaError(ERROR_CODE.forbidden, auth.message);
  const check = await rt.registry.validateArguments(target.qualifiedName, args);
  if (!check.ok) throw new LenaError(ERROR_CODE.invalidArguments, check.message);
  rt.boundaries.viewArguments(ref.conversationId, args);
  const outcome = await auth.run();
  const { validationError, validationSkipped, ...result } = outcome;
  void validationSkipped;
  if (validationError)
    return {
      ...result,
      isError: true,
      content: [...result.content, { type: 'text', text: validationError }],
    };
  return result;
}

/** The view's resources/read: its own server only. */
export async function readResourceFromView(
  rt: Runtime,
  ref: AppViewRef,
  uri: string,
): Promise<{ contents: ResourceContents[] }> {
  const owner = viewOwner(rt, ref);
  return { contents: await readResource(rt.manager, owner.server, uri) };
}

/** ui/open-link: an address the window may offer to open (shared/open-url.ts's rule); the window still asks. */
export function checkViewLink(
  rt: Runtime,
  ref: AppViewRef,
  url: string,
): { href: string; origin: string } {
  viewOwner(rt, ref);
  const checked = openableUrl(url);
  if ('refused' in checked)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `The view asked to open an address Lena does not open: ${checked.refused}.`,
    );
  return { href: checked.url.href, origin: checked.url.origin };
}
