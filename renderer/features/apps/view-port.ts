// Where a view's requests go: to the store's `apps:*` actions (core: the gate, the question
// frame, the save dialog), tied to the card's tool call; a link core accepted is then asked here,
// in the shared question frame, before it opens.
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { AppViewRef } from '../../../shared/app-view-types';
import { useLena } from '../../store';
import type { ViewPort } from './view-session';

type Blocks = Record<string, unknown>[];

export function viewPort(ref: AppViewRef, server: string, tool: string): ViewPort {
  const s = () => useLena.getState();
  return {
    callTool: async (name, args) =>
      (await s().viewCallTool(ref, name, args)) as unknown as CallToolResult,
    readResource: async (uri) =>
      (await s().viewReadResource(ref, uri)) as unknown as ReadResourceResult,
    async message(content) {
      if (!(await s().viewMessage(ref, content as unknown as Blocks)))
        throw new Error('The message was not sent: the user declined it.');
    },
    async openLink(url) {
      const checked = await s().viewCheckLink(ref, url);
      return s().askToOpenLink({
        href: checked.href,
        text: url,
        reasons: [
          `The ${tool} view of ${server} asks to open this link: the view chose the address, not Claude or you.`,
        ],
      });
    },
    updateModelContext: (params) =>
      s().viewUpdateContext(ref, {
        ...(params.content ? { content: params.content as unknown as Blocks } : {}),
        ...(params.structuredContent ? { structuredContent: params.structuredContent } : {}),
      }),
    downloadFile: (contents) => s().viewDownload(ref, contents as Blocks),
  };
}
