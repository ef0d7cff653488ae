// What a view wants the user or the model to have: a message for the conversation (asked in the
// question frame; sent only when the user approves), context for the model (kept per view, sent
// inside the untrusted-data markers), and files to save (each through the save dialog).
import { basename } from 'node:path';
import type { AppModelContext, AppViewRef } from '../../../../shared/app-view-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { readResource } from '../../mcp/manager/offerings';
import { scanText } from '../../../../shared/invisible';
import type { Runtime } from '../runtime';
import { viewOwner } from './view-requests';

/** Saves one file the user names (main: the save dialog; the harness: a folder). Null: cancelled. */
export type SaveFile = (
  suggestedName: string,
  data: Buffer,
  mimeType: string | null,
  /** The dialog's title: what is being saved. */
  title?: string,
) => Promise<string | null>;

/** A downloaded file larger than this is refused. */
export const MAX_DOWNLOAD_BYTES = 50_000_000;

type Block = Record<string, unknown>;
const record = (v: unknown): Block | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Block) : undefined;

/** The text of content blocks, and a short note for each block that is not text. */
function textOf(content: readonly Block[]): { text: string; others: string[] } {
  const texts: string[] = [];
  const others: string[] = [];
  for (const block of content) {
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else
      others.push(
        `${String(block.type ?? 'unknown')}${typeof block.mimeType === 'string' ? ` (${block.mimeType})` : ''}, not sent`,
      );
  }
  return { text: texts.join('\n\n'), others };
}

/**
 * ui/message: asked in the question frame as coming from the view. On approval, the text the
 * user saw (hidden characters shown as markers) becomes the user's next message and a turn starts.
 */
export async function messageFromView(
  rt: Runtime,
  ref: AppViewRef,
  content: readonly Block[],
): Promise<{ sent: boolean; turnId: string | null }> {
  const owner = viewOwner(rt, ref);
  if (!rt.asks)
    throw new LenaError(ERROR_CODE.unavailable, "No one can approve a view's message here.");
  const { text, others } = textOf(content);
  const shown = scanText(text).marked;
  if (!shown.trim())
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      'The view sent a message without text; only text can be sent to the conversation.',
    );
  const answer = await rt.asks.ask({
    kind: 'app-message',
    server: owner.server,
    conversationId: ref.conversationId,
    toolUseId: ref.toolUseId,
    tool: owner.tool.tool.name,
    text: shown,
    attachments: others,
  });
  if (answer.action !== 'approve') return { sent: false, turnId: null };
  const origin = {
    kind: 'view' as const,
    server: owner.server,
    tool: owner.tool.tool.name,
    toolUseId: ref.toolUseId,
  };
  return { sent: true, turnId: rt.engine.send(ref.conversationId, shown, [], origin).turnId };
}

/** ui/update-model-context: replaces this view's context; the next request carries it. */
export function updateContextFromView(
  rt: Runtime,
  ref: AppViewRef,
  content: readonly Block[] | undefined,
  structured: Record<string, unknown> | undefined,
): AppModelContext {
  const owner = viewOwner(rt, ref);
  const parts = [textOf(content ?? []).text, structured ? JSON.stringify(structured) : ''].filter(
    (p) => p.trim() !== '',
  );
  const entry = rt.viewContexts.set({
    ...ref,
    server: owner.server,
    tool: owner.tool.tool.name,
    text: parts.length ? parts.join('\n\n') : null,
  });
  return {
    conversationId: entry.conversationId,
    toolUseId: entry.toolUseId,
    server: entry.server,
    text: entry.text,
    updatedAt: entry.updatedAt,
  };
}

/** A file name from a resource URI: its last path segment, without anything a file system would misread. */
export function downloadName(uri: string, fallback = 'download'): string {
  let last: string;
  try {
    last = decodeURIComponent(basename(new URL(uri).pathname));
  } catch {
    last = basename(uri);
  }
  const clean = last
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return clean || fallback;
}

/** ui/download-file: each resource through the save dialog; the first cancel stops the rest. */
export async function downloadFromView(
  rt: Runtime,
  ref: AppViewRef,
  contents: readonly Block[],
  save: SaveFile | undefined,
): Promise<{ saved: string[]; cancelled: boolean }> {
  const owner = viewOwner(rt, ref);
  if (!save) throw new LenaError(ERROR_CODE.unavailable, 'Files cannot be saved from a view here.');
  const saved: string[] = [];
  for (const item of contents) {
    let resource = item.type === 'resource' ? record(item.resource) : undefined;
    if (item.type === 'resource_link' && typeof item.uri === 'string') {
      resource = record((await readResource(rt.manager, owner.server, item.uri))[0]);
    }
    if (!resource || typeof resource.uri !== 'string')
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        "A download must be an embedded resource or a link to one of the server's resources.",
      );
    const data =
      typeof resource.blob === 'string'
        ? Buffer.from(resource.blob, 'base64')
        : typeof resource.text === 'string'
          ? Buffer.from(resource.text, 'utf8')
          : null;
    if (!data)
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `${resource.uri} has neither text nor blob to save.`,
      );
    if (data.byteLength > MAX_DOWNLOAD_BYTES)
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `${resource.uri} is larger than ${MAX_DOWNLOAD_BYTES / 1_000_000} MB; Lena does not save it from a view.`,
      );
    const path = await save(
      downloadName(resource.uri),
      data,
      typeof resource.mimeType === 'string' ? resource.mimeType : null,
    );
    if (path === null) return { saved, cancelled: true };
    saved.push(path);
  }
  return { saved, cancelled: false };
}
