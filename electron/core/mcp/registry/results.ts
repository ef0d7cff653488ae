// MCP `CallToolResult` → Anthropic `tool_result` content. Text stays text; supported images
// become image blocks; what the model cannot take (audio, links, binary resources) is described in
// words. Size caps protect the request (RELIABILITY.md faults 9 and 10): the model gets a cut copy
// with a marker, while the caller keeps the full result for the UI.
import type {
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult, McpContentBlock } from '../../../../shared/mcp-types';
import { stableStringify } from '../../base/stable-json';

export interface ResultLimits {
  /** Characters of text the model gets (about 25k tokens by default). */
  maxTextChars: number;
  maxImages: number;
  /** Decoded bytes of one image (the Messages API refuses images over 5 MB). */
  maxImageBytes: number;
  /** Decoded bytes of all images of one result. */
  maxTotalImageBytes: number;
}

export const DEFAULT_RESULT_LIMITS: ResultLimits = {
  maxTextChars: 100_000,
  maxImages: 10,
  maxImageBytes: 5 * 1024 * 1024,
  maxTotalImageBytes: 10 * 1024 * 1024,
};

const MODEL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ModelImageType = (typeof MODEL_IMAGE_TYPES)[number];

export type ToolResultContent = Array<TextBlockParam | ImageBlockParam>;

export interface ConvertedResult {
  content: ToolResultContent;
  isError: boolean;
  /** Set when text was cut: how many characters of how many. */
  truncated: { cutChars: number; totalChars: number } | null;
  /** Images left out by the count or size caps. */
  omittedImages: number;
}

/** Decoded size of base64 data without decoding it. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** "1.5 MB", "320 KB", "12 bytes". */
export function approxSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The API's name for a supported image type (servers write `image/PNG` or `image/jpg` too). */
function imageType(mimeType: unknown): ModelImageType | undefined {
  const lower = typeof mimeType === 'string' ? mimeType.trim().toLowerCase() : '';
  const normal = lower === 'image/jpg' ? 'image/jpeg' : lower;
  return (MODEL_IMAGE_TYPES as readonly string[]).includes(normal)
    ? (normal as ModelImageType)
    : undefined;
}

const text = (value: string): TextBlockParam => ({ type: 'text', text: value });

function describeBlock(block: McpContentBlock): string {
  switch (block.type) {
    case 'audio':
      return `[audio content: ${block.mimeType}, ${approxSize(base64Bytes(block.data))}; audio cannot be passed to the model]`;
    case 'resource_link': {
      const details = [
        block.mimeType,
        block.size === undefined ? undefined : approxSize(block.size),
      ]
        .filter(Boolean)
        .join(', ');
      const title = block.title && block.title !== block.name ? ` "${block.title}"` : '';
      return `[resource link: ${block.name}${title} <${block.uri}>${details ? ` (${details})` : ''}${block.description ? `: ${block.description}` : ''}]`;
    }
    case 'resource': {
      const { uri, mimeType, blob } = block.resource;
      return `[embedded resource <${uri}>${mimeType ? ` (${mimeType})` : ''}: ${approxSize(base64Bytes(blob ?? ''))} of binary data, not shown to the model]`;
    }
    default:
      return `[unsupported content of type "${String((block as { type?: unknown }).type)}" left out]`;
  }
}

/** Leaf values of a JSON value as text, or undefined past `limit` leaves (too big to compare). */
function leaves(value: unknown, out: string[] = [], limit = 1000): string[] | undefined {
  if (out.length > limit) return undefined;
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) if (!leaves(child, out, limit)) return undefined;
  } else out.push(String(value));
  return out;
}

/**
 * True when the text blocks already say what the structured content says: one of them is the
 * same JSON (as the spec asks servers to send), or every leaf value appears in the text (the
 * filesystem server's `{"content": "<the file>"}` beside the file's text). Adding it again would
 * double a large result.
 */
function textCarries(
  blocks: readonly McpContentBlock[],
  structured: Record<string, unknown>,
): boolean {
  const texts = blocks.flatMap((block) =>
    block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
  );
  if (texts.length === 0) return false;
  const wanted = stableStringify(structured);
  const sameJson = texts.some((text) => {
    try {
      return stableStringify(JSON.parse(text)) === wanted;
    } catch {
      return false;
    }
  });
  if (sameJson) return true;
  const values = leaves(structured);
  return (
    values !== undefined &&
    values.length > 0 &&
    values.every((v) => texts.some((text) => text.includes(v)))
  );
}

function truncateText(blocks: ToolResultContent, maxChars: number): ConvertedResult['truncated'] {
  const totalChars = blocks.reduce((sum, b) => sum + (b.type === 'text' ? b.text.length : 0), 0);
  if (totalChars <= maxChars) return null;
  let budget = maxChars;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.type !== 'text') continue;
    if (block.text.length <= budget) {
      budget -= block.text.length;
      continue;
    }
    let keep = budget;
    const code = block.text.charCodeAt(keep - 1);
    if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep--; // never split a surrogate pair
    blocks[i] = text(block.text.slice(0, keep));
    budget = 0;
  }
  const kept = blocks.reduce((sum, b) => sum + (b.type === 'text' ? b.text.length : 0), 0);
  const cutChars = totalChars - kept;
  // Drop text blocks emptied by the cut (the API refuses empty text), then add the marker.
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (block.type === 'text' && block.text === '') blocks.splice(i, 1);
  }
  blocks.push(text(`[truncated ${cutChars} of ${totalChars} characters]`));
  return { cutChars, totalChars };
}

/** Converts a result for the model under the given caps; never throws. */
// Long: one branch per MCP content block type, with caps counted across blocks.
export function convertToolResult(
  result: CallToolResult,
  limits: Partial<ResultLimits> = {},
): ConvertedResult {
  const caps = { ...DEFAULT_RESULT_LIMITS, ...limits };
  const source = Array.isArray(result.content) ? result.content : [];
  const content: ToolResultContent = [];
  let images = 0;
  let imageBytes = 0;
  let omittedImages = 0;
  for (const block of source) {
    if (block?.type === 'text') {
      if (typeof block.text === 'string' && block.text !== '') content.push(text(block.text));
    } else if (block?.type === 'image') {
      const data = typeof block.data === 'string' ? block.data : '';
      const bytes = base64Bytes(data);
      const mimeType = imageType(block.mimeType);
      if (data === '') {
        content.push(text('[an image without data was left out]'));
      } else if (mimeType === undefined) {
        content.push(
          text(
            `[image of type ${block.mimeType} (${approxSize(bytes)}) not shown: the model accepts PNG, JPEG, GIF and WebP]`,
          ),
        );
      } else if (bytes > caps.maxImageBytes) {
        content.push(
          text(
            `[image (${block.mimeType}, ${approxSize(bytes)}) not shown: larger than the ${approxSize(caps.maxImageBytes)} limit per image]`,
          ),
        );
      } else if (images >= caps.maxImages || imageBytes + bytes > caps.maxTotalImageBytes) {
        omittedImages++;
      } else {
        images++;
        imageBytes += bytes;
        content.push({ type: 'image', source: { type: 'base64', media_type: mimeType, data } });
      }
    } else if (block?.type === 'resource' && typeof block.resource?.text === 'string') {
      const { uri, mimeType } = block.resource;
      content.push(
        text(`[resource <${uri}>${mimeType ? ` (${mimeType})` : ''}]\n${block.resource.text}`),
      );
    } else if (block) {
      content.push(text(describeBlock(block)));
    }
  }
  if (omittedImages > 0) {
    content.push(
      text(
        `[${omittedImages} more image${omittedImages === 1 ? '' : 's'} left out: at most ${caps.maxImages} images and ${approxSize(caps.maxTotalImageBytes)} of images per tool result]`,
      ),
    );
  }
  const structured = result.structuredContent;
  if (structured && typeof structured === 'object' && !textCarries(source, structured)) {
    // An image mirrored in structuredContent is sent once, as the image, never again as base64 text.
    const sent = new Set(
      source.flatMap((b) =>
        b?.type === 'image' && typeof b.data === 'string' && b.data.length > 0 ? [b.data] : [],
      ),
    );
    content.push(
      text(
        JSON.stringify(structured, (_k, v: unknown) =>
          typeof v === 'string' && sent.has(v) ? '[image data: sent as the image above]' : v,
        ),
      ),
    );
  }
  const truncated = truncateText(content, caps.maxTextChars);
  const isError = result.isError === true;
  if (content.length === 0) {
    content.push(
      text(
        isError ? '(the tool reported an error without details)' : '(the tool returned no content)',
      ),
    );
  }
  return { content, isError, truncated, omittedImages };
}

/** A complete `tool_result` block for a call, with the conversion details for the UI. */
export function toToolResultBlock(
  toolUseId: string,
  result: CallToolResult,
  limits?: Partial<ResultLimits>,
): { block: ToolResultBlockParam; converted: ConvertedResult } {
  const converted = convertToolResult(result, limits);
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: converted.content,
  };
  if (converted.isError) block.is_error = true;
  return { block, converted };
}

/** An error result the model can read (validation failures, unknown tools, dead servers). */
export function errorToolResultBlock(toolUseId: string, message: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content: [text(message)], is_error: true };
}
