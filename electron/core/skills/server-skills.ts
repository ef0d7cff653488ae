// Skills from MCP servers (Skills over MCP): each connected server that declares the extension is
// listed (entries only, no file read), and each skill is known by the pair (server identity, URI).
// To the model and the user its name is qualified by the server's label (`docs:pdf-forms`), so a
// server's skill never shadows a local skill or another server's skill of the same name.
import type { SkillsClient } from '../mcp/skills/client';
import {
  digestSetHash,
  pathInSkill,
  skillRoot,
  type CheckedEntry,
  type SkillEntry,
} from '../mcp/skills/entry';
import { kindOf, type SkillFile } from './skill-files';

/** One connected server as a source of skills. */
export interface ServerSkillSource {
  /** The host's label for the server (its configured name), never its self-reported name. */
  server: string;
  /** The server's identity (scope + launch entry hash): what approvals are keyed by. */
  identity: string;
  client: SkillsClient;
}

/** A skill as a server lists it, usable or not. */
export interface ServerSkill {
  /** `server:path`: the name the model and the user use. */
  name: string;
  server: string;
  identity: string;
  uri: string;
  client: SkillsClient;
  checked: CheckedEntry;
  /** The entry's digest-set hash (usable entries only). */
  hash?: string;
}

/** The skill's path in its server's namespace: `docs/release-notes` for skill://docs/release-notes/SKILL.md. */
function skillPath(uri: string): string {
  const root = skillRoot(uri);
  return root.startsWith('skill://') ? root.slice('skill://'.length) : root;
}

/** The name a server's skill goes by: the server's label, then the skill's path. */
export const qualifiedSkillName = (server: string, uri: string): string =>
  `${server}:${skillPath(uri)}`;

/** The files an entry lists besides SKILL.md, as paths inside the skill. */
export function entryFiles(entry: SkillEntry): SkillFile[] {
  const files: SkillFile[] = [];
  for (const r of entry.resources) {
    if (r.uri === entry.uri) continue;
    const path = pathInSkill(entry.uri, r.uri);
    if (path) files.push({ path, size: r.size, kind: kindOf(path) });
  }
  return files;
}

/**
 * Every skill the sources list, in source order. A server whose listing fails adds one
 * unusable skill saying why, so the failure is seen rather than silent.
 */
export async function listServerSkills(
  sources: readonly ServerSkillSource[],
): Promise<ServerSkill[]> {
  const lists = await Promise.all(
    sources.map(async (source) => {
      try {
        return { source, entries: await source.client.list() };
      } catch (e) {
        return { source, error: (e as Error).message };
      }
    }),
  );
  const out: ServerSkill[] = [];
  for (const { source, entries, error } of lists) {
    const base = { server: source.server, identity: source.identity, client: source.client };
    if (error !== undefined) {
      out.push({
        ...base,
        name: `${source.server}:`,
        uri: '',
        checked: { ok: false, uri: '', name: '', reason: `listing its skills failed: ${error}` },
      });
      continue;
    }
    for (const checked of entries ?? []) {
      const uri = checked.ok ? checked.entry.uri : checked.uri;
      out.push({
        ...base,
        name: qualifiedSkillName(source.server, uri),
        uri,
        checked,
        ...(checked.ok ? { hash: digestSetHash(checked.entry) } : {}),
      });
    }
  }
  return out;
}

/** The body of a SKILL.md: what follows its front matter. */
export function bodyOf(skillMd: string): string {
  const src = skillMd.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n')) return src;
  const end = src.indexOf('\n---', 3);
  if (end < 0) return src;
  const after = src.indexOf('\n', end + 4);
  return after < 0 ? '' : src.slice(after + 1);
}
