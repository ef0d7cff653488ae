// Anthropic's server tools in an answer: each call (web search, web fetch) on a card marked as run
// by Anthropic, with what it found as links; and the sources a text block cites under it: web
// pages as links, attached documents by title and page with the passage quoted.
// Links go through the Markdown renderer, so they open the way every other link does.
import type { ContentBlock } from '../../../shared/chat/messages';
import { Markdown } from './Markdown';

type Result = { type?: string; url?: string; title?: string | null; error_code?: string };

const md = (s: string) => s.replace(/[[\]()\\]/g, (c) => `\\${c}`);

function resultsOf(block: ContentBlock | undefined): Result[] | string {
  const content = block?.content as unknown;
  if (Array.isArray(content)) return content as Result[];
  if (content && typeof content === 'object') {
    const c = content as Result & { content?: unknown };
    if (c.error_code)
      return `The ${String(block?.type)
        .replace(/_tool_result$/, '')
        .replace('_', ' ')} failed: ${c.error_code}.`;
    if (c.url) return [{ url: c.url, title: c.title ?? c.url }];
  }
  return [];
}

/** One server tool call with its result block (matched by tool_use_id within the answer). */
export function ServerToolCard({
  use,
  blocks,
}: {
  use: ContentBlock;
  blocks: readonly ContentBlock[];
}) {
  const result = blocks.find(
    (b) =>
      typeof b.type === 'string' && b.type.endsWith('_tool_result') && b.tool_use_id === use.id,
  );
  const input = (use.input ?? {}) as { query?: string; url?: string };
  const found = resultsOf(result);
  const label =
    use.name === 'web_search'
      ? `Web search: ${input.query ?? ''}`
      : use.name === 'web_fetch'
        ? `Web fetch: ${input.url ?? ''}`
        : String(use.name);
  return (
    <div
      className="tool-card server-tool-card"
      data-testid="server-tool-card"
      data-name={String(use.name)}
      data-status={result ? 'done' : 'running'}
    >
      <div className="tool-card-header row">
        <strong>{label}</strong>
        <span className="muted small">run by Anthropic · outside Lena’s permission dialog</span>
      </div>
      {typeof found === 'string' ? (
        <p className="error small">{found}</p>
      ) : found.length > 0 ? (
        <Markdown
          text={found
            .filter((r) => r.url)
            .map((r) => `- [${md(r.title || r.url!)}](${r.url})`)
            .join('\n')}
        />
      ) : (
        !result && <p className="muted small">Waiting for Anthropic…</p>
      )}
    </div>
  );
}

type DocCitation = {
  type?: string;
  document_title?: string | null;
  document_index?: number;
  start_page_number?: number;
  end_page_number?: number;
  cited_text?: string;
};

/** "report.pdf, p. 2" (page_location's end is exclusive); the document's title, else its number. */
function documentLabel(c: DocCitation): string {
  const title = c.document_title || `document ${(c.document_index ?? 0) + 1}`;
  if (c.type !== 'page_location' || c.start_page_number === undefined) return title;
  const last = Math.max(c.start_page_number, (c.end_page_number ?? c.start_page_number + 1) - 1);
  return last > c.start_page_number
    ? `${title}, pp. ${c.start_page_number}–${last}`
    : `${title}, p. ${c.start_page_number}`;
}

const DOCUMENT_CITATIONS = new Set(['page_location', 'char_location', 'content_block_location']);
const quote = (text: string) => (text.length > 160 ? `${text.slice(0, 159).trimEnd()}…` : text);

/** The sources a text block cites, once each: web pages as links, documents by title and page. */
export function Citations({ block }: { block: ContentBlock }) {
  const citations = Array.isArray(block.citations) ? (block.citations as Result[]) : [];
  const seen = new Map<string, string>();
  for (const c of citations) if (c.url && !seen.has(c.url)) seen.set(c.url, c.title || c.url);
  const passages = new Map<string, { label: string; text: string }>();
  for (const c of citations as DocCitation[])
    if (c.type && DOCUMENT_CITATIONS.has(c.type)) {
      const label = documentLabel(c);
      const text = (c.cited_text ?? '').trim();
      passages.set(`${label}\u0000${text}`, { label, text });
    }
  if (seen.size === 0 && passages.size === 0) return null;
  return (
    <div className="citations small" data-testid="citations">
      <span className="muted">Sources</span>
      {seen.size > 0 && (
        <Markdown text={[...seen].map(([url, title]) => `- [${md(title)}](${url})`).join('\n')} />
      )}
      {passages.size > 0 && (
        <ul className="document-citations">
          {[...passages.values()].map(({ label, text }) => (
            <li key={`${label}${text}`} title={text}>
              <span className="citation-source">{label}</span>
              {text && (
                <>
                  {' '}
                  <q className="muted">{quote(text)}</q>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
