// Recognises a pasted Claude Desktop / Cursor style `{"mcpServers": {...}}` snippet (or a bare
// `"name": {...}` fragment of one) so the form can import its servers in one paste.
import type { ServerEntry } from '../../shared/server-config';
import { validateServerEntry } from '../../shared/config/server-entry-schema';

export interface SnippetImport {
  servers: { name: string; entry: ServerEntry }[];
  invalid: { name: string; reason: string }[];
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The servers in a pasted snippet, or null when the text is not such a snippet. */
export function parseMcpServersSnippet(text: string): SnippetImport | null {
  const trimmed = text.trim();
  if (!trimmed.includes('{')) return null;
  let doc = tryParse(trimmed);
  if (doc === undefined && !trimmed.startsWith('{'))
    doc = tryParse(`{${trimmed.replace(/,\s*$/, '')}}`);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const record = doc as Record<string, unknown>;
  const map =
    record.mcpServers ?? record.servers ?? (looksLikeServerMap(record) ? record : undefined);
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return null;
  const result: SnippetImport = { servers: [], invalid: [] };
  for (const [name, raw] of Object.entries(map as Record<string, unknown>)) {
    const v = validateServerEntry('snippet', name, raw);
    if (v.ok) result.servers.push({ name, entry: v.entry });
    else
      result.invalid.push({
        name,
        reason: v.issues.map((i) => i.message.replace('snippet: ', '')).join('; '),
      });
  }
  return result.servers.length + result.invalid.length > 0 ? result : null;
}

function looksLikeServerMap(record: Record<string, unknown>): boolean {
  const values = Object.values(record);
  return (
    values.length > 0 &&
    values.every((v) => v !== null && typeof v === 'object' && ('command' in v || 'url' in v))
  );
}
