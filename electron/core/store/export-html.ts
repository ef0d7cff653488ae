// One conversation as a standalone HTML page: opens in any browser, offline, with no script. Every
// piece of text is escaped (a message may hold markup written by a model, a tool or an imported
// file), the page's own policy forbids scripts and remote loads, and images are inlined as data:
// URLs only for the raster types browsers show safely.
import type { Conversation } from '../../../shared/chat/conversations';
import type { ChatMessage, ContentBlock } from '../../../shared/chat/messages';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { pretty, resultText } from './export-text';

/** Text to put between tags or in an attribute: the five characters HTML treats specially. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

// No script, no remote fetch, no form or frame: the page is only what is written in it.
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8e8ea;background:#1c1c1e}section{border-color:#3a3a3c}pre{background:#2c2c2e}}
header p{color:#6e6e73}section{border-top:1px solid #d2d2d7;padding:.5rem 0}
h2{font-size:.9rem;margin:.5rem 0}.text{white-space:pre-wrap;overflow-wrap:anywhere}
pre{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;background:#f5f5f7;padding:.5rem;overflow:auto;white-space:pre-wrap}
.note{color:#b3261e}img{max-width:100%}details{margin:.5rem 0}`;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function image(block: ContentBlock): string {
  const source = block.source as { type?: unknown; media_type?: unknown; data?: unknown } | null;
  const type = typeof source?.media_type === 'string' ? source.media_type : '';
  const data = typeof source?.data === 'string' ? source.data : '';
  if (source?.type !== 'base64' || !IMAGE_TYPES.has(type) || !/^[A-Za-z0-9+/]*=*$/.test(data))
    return '<p>[image]</p>';
  return `<img alt="image" src="data:${type};base64,${data}">`;
}

function toolCall(call: ToolCallView | undefined, block: ContentBlock, scrub: Scrub): string {
  const name = call?.qualifiedName ?? String(block.name);
  const status = call
    ? ` (${call.status}${call.durationMs !== null ? `, ${call.durationMs} ms` : ''})`
    : '';
  const parts = [
    `<details><summary>Tool call <code>${escapeHtml(scrub(name))}</code>${escapeHtml(status)}</summary>`,
    `<pre>${escapeHtml(scrub(pretty(call?.input ?? block.input)))}</pre>`,
  ];
  if (call && (call.result !== null || call.errorMessage)) {
    const body =
      call.errorMessage && call.result === null ? call.errorMessage : resultText(call.result);
    parts.push(
      `<h2>${call.isError ? 'Error' : 'Result'}</h2><pre>${escapeHtml(scrub(body))}</pre>`,
    );
  }
  return `${parts.join('')}</details>`;
}

type Scrub = (text: string) => string;

function blockHtml(block: ContentBlock, calls: Map<string, ToolCallView>, scrub: Scrub): string {
  switch (block.type) {
    case 'text':
      return `<div class="text">${escapeHtml(scrub(String(block.text ?? '')))}</div>`;
    case 'tool_use':
      return toolCall(calls.get(String(block.id)), block, scrub);
    case 'tool_result':
      return '';
    case 'thinking':
      return `<details><summary>Thinking</summary><div class="text">${escapeHtml(scrub(String(block.thinking ?? '')))}</div></details>`;
    case 'image':
      return image(block);
    default:
      return `<p>[${escapeHtml(block.type)}]</p>`;
  }
}

function messageHtml(m: ChatMessage, calls: Map<string, ToolCallView>, scrub: Scrub): string {
  const body = m.content.map((b) => blockHtml(b, calls, scrub)).join('');
  if (!body) return '';
  const notes = [
    m.status === 'incomplete' ? 'Incomplete: the answer was interrupted.' : '',
    m.error ? `${m.error.code}: ${m.error.message}` : '',
    m.stop ? `${m.stop.kind}: ${m.stop.message}` : '',
  ]
    .filter(Boolean)
    .map((n) => `<p class="note">${escapeHtml(scrub(n))}</p>`)
    .join('');
  return `<section><h2>${m.role === 'user' ? 'You' : 'Claude'}</h2>${body}${notes}</section>`;
}

/** The page; `scrub` removes secret values from each piece of text before it is escaped. */
export function toHtml(c: Conversation, now: Date, scrub: Scrub = (t) => t): string {
  const calls = new Map(c.toolCalls.map((t) => [t.id, t]));
  const title = escapeHtml(scrub(c.title));
  const meta = `Exported from Lena on ${now.toISOString()}${c.model ? ` · model ${c.model}` : ''}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title}</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${title}</h1><p>${escapeHtml(meta)}</p></header>`,
    '<main>',
    ...c.messages.map((m) => messageHtml(m, calls, scrub)),
    '</main></body></html>',
    '',
  ].join('\n');
}
