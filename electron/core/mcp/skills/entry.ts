// Skills over MCP (the `io.modelcontextprotocol/skills` extension, SEP-2640): the entry a server
// publishes for a skill, checked as it arrives. An entry is the complete manifest of a skill's
// files with each one's size and sha256 digest; everything Lena later reads is verified against
// it, and the user's approval is bound to its set of {uri, digest}. An entry that breaks the
// extension's rules is kept with the reason, so the user sees why the skill cannot be used.
import { stableHash } from '../../base/stable-json';

/** The extension's identifier, the key under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
/** The extension's limits a host must accept (and Lena holds skills to). */
export const MAX_SKILL_RESOURCES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** One file of a skill as the entry describes it. */
export interface SkillResourceEntry {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits, over the file's raw bytes. */
  digest: string;
  size: number;
}

/** A skill as a server lists it (`skills/list`) or returns it (`skills/get`). */
export interface SkillEntry {
  /** The URI of the skill's SKILL.md: with the server's identity, the skill's identity. */
  uri: string;
  /** SKILL.md's front matter, verbatim. */
  frontmatter: Record<string, unknown> & { name: string; description: string };
  resources: SkillResourceEntry[];
}

/** An entry as received: usable, or the reason it is not. */
export type CheckedEntry =
  { ok: true; entry: SkillEntry } | { ok: false; uri: string; name: string; reason: string };

const DIGEST = /^sha256:[0-9a-f]{64}$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The skill's root: the SKILL.md URI without `/SKILL.md`. */
export function skillRoot(uri: string): string {
  return uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : uri;
}

/** A file's path inside its skill (`references/FORMS.md`), or undefined for a URI outside it. */
export function pathInSkill(skillUri: string, fileUri: string): string | undefined {
  const root = `${skillRoot(skillUri)}/`;
  if (!fileUri.startsWith(root)) return undefined;
  const rel = fileUri.slice(root.length);
  if (rel === '' || rel.split('/').some((s) => s === '' || s === '.' || s === '..'))
    return undefined;
  return rel;
}

/** Checks one entry of `skills/list` or `skills/get` against the extension's rules. */
export function checkEntry(raw: unknown): CheckedEntry {
  const uri = isRecord(raw) && typeof raw.uri === 'string' ? raw.uri : '';
  const front = isRecord(raw) && isRecord(raw.frontmatter) ? raw.frontmatter : undefined;
  const name = typeof front?.name === 'string' ? front.name : '';
  const bad = (reason: string): CheckedEntry => ({ ok: false, uri, name: name || uri, reason });
  if (!uri.endsWith('/SKILL.md')) return bad('the entry has no SKILL.md uri');
  if (!front || !name || typeof front.description !== 'string' || !front.description.trim())
    return bad('the entry has no front matter with a name and a description');
  const last = skillRoot(uri).split('/').pop();
  if (last !== name) return bad(`the uri's last segment "${last}" is not the skill's name`);
  const list = isRecord(raw) ? raw.resources : undefined;
  if (list === 'dynamic')
    return bad('its files are generated ("dynamic"): they carry no digests Lena could verify');
  if (!Array.isArray(list)) return bad('the entry has no list of files');
  if (list.length > MAX_SKILL_RESOURCES)
    return bad(`it has ${list.length} files, over the limit of ${MAX_SKILL_RESOURCES}`);
  const resources: SkillResourceEntry[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const r of list) {
    if (!isRecord(r) || typeof r.uri !== 'string') return bad('a file has no uri');
    if (r.uri !== uri && pathInSkill(uri, r.uri) === undefined)
      return bad(`the file ${r.uri} is outside the skill`);
    if (typeof r.digest !== 'string' || !DIGEST.test(r.digest))
      return bad(`the file ${r.uri} has no sha256 digest`);
    if (typeof r.size !== 'number' || !Number.isSafeInteger(r.size) || r.size < 0)
      return bad(`the file ${r.uri} has no size`);
    if (seen.has(r.uri)) return bad(`the file ${r.uri} is listed twice`);
    seen.add(r.uri);
    total += r.size;
    resources.push({ uri: r.uri, digest: r.digest, size: r.size });
  }
  if (!seen.has(uri)) return bad('its file list does not include SKILL.md');
  if (total > MAX_SKILL_BYTES)
    return bad(`its files hold ${total} bytes, over the limit of ${MAX_SKILL_BYTES} (16 MiB)`);
  return {
    ok: true,
    entry: { uri, frontmatter: front as SkillEntry['frontmatter'], resources },
  };
}

/**
 * The hash the user's approval is bound to: the set of {uri, digest} (order-free). Any file added,
 * removed or changed gives another hash, so the skill is asked about again.
 */
export function digestSetHash(entry: SkillEntry): string {
  const set = entry.resources
    .map((r) => ({ uri: r.uri, digest: r.digest }))
    .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  return stableHash(set);
}
