// Verification on read (SEP-2640): the bytes a server returns for a skill file must have the size
// and sha256 digest its entry lists, and a SKILL.md's front matter must equal the entry's field
// by field. Any mismatch is refused: the content is not returned, so the model never sees it.
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import type { ResourceContents } from '../../../../shared/mcp-types';
import { stableStringify } from '../../base/stable-json';
import type { SkillEntry, SkillResourceEntry } from './entry';

export type Verified = { ok: true; text: string; bytes: Buffer } | { ok: false; reason: string };

/** The raw bytes of one `resources/read` content: UTF-8 of `text`, or the decoded `blob`. */
function bytesOf(content: ResourceContents): Buffer | undefined {
  const c = content as { text?: unknown; blob?: unknown };
  if (typeof c.text === 'string') return Buffer.from(c.text, 'utf8');
  if (typeof c.blob === 'string') return Buffer.from(c.blob, 'base64');
  return undefined;
}

/** Checks a read of `file` against its entry: one content for the URI, its size, its digest. */
export function verifyRead(
  file: SkillResourceEntry,
  contents: readonly ResourceContents[],
): Verified {
  const matching = contents.filter((c) => c.uri === file.uri);
  const content = matching.length === 1 ? matching[0] : contents.length === 1 ? contents[0] : null;
  if (!content || content.uri !== file.uri)
    return { ok: false, reason: `the server did not return ${file.uri} itself` };
  const bytes = bytesOf(content);
  if (!bytes) return { ok: false, reason: `the server returned no content for ${file.uri}` };
  if (bytes.length !== file.size)
    return {
      ok: false,
      reason: `${file.uri} has ${bytes.length} bytes, not the ${file.size} its entry lists`,
    };
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (digest !== file.digest)
    return { ok: false, reason: `${file.uri} does not match the sha256 digest its entry lists` };
  return { ok: true, text: bytes.toString('utf8'), bytes };
}

/** The YAML front matter of a SKILL.md as an object, or undefined when it has none. */
function frontMatterOf(source: string): Record<string, unknown> | undefined {
  const src = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n')) return undefined;
  const end = src.indexOf('\n---', 3);
  if (end < 0) return undefined;
  try {
    const value = parseYaml(src.slice(4, end + 1)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The first field where SKILL.md's front matter and the entry's differ, or undefined when equal. */
export function frontMatterMismatch(entry: SkillEntry, skillMd: string): string | undefined {
  const front = frontMatterOf(skillMd);
  if (!front) return 'its SKILL.md has no front matter Lena can read';
  const keys = [...new Set([...Object.keys(front), ...Object.keys(entry.frontmatter)])].sort();
  for (const key of keys)
    if (stableStringify(front[key]) !== stableStringify(entry.frontmatter[key]))
      return `its SKILL.md's "${key}" differs from the "${key}" the server listed`;
  return undefined;
}
