// Qualified tool names as Claude sees them: `mcp__<server>__<tool>`, limited to the Anthropic
// API's `^[A-Za-z0-9_-]{1,64}$`. Sanitising (dots, spaces, unicode) and shortening can make two
// tools look alike, so such names get a short hash of the original server and tool; the result
// depends only on the set of tools, never on the order they arrived in.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME_LENGTH = 64;
const PREFIX = 'mcp__';
const SEPARATOR = '__';
const HASH_LENGTH = 8;

export interface ToolRef {
  server: string;
  tool: string;
}

/** Replaces every character outside `[A-Za-z0-9_-]` (per code point) with `_`. */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/gu, '_');
}

/** A stable hex hash of the original server and tool names. */
export function nameHash(ref: ToolRef, length = HASH_LENGTH): string {
  return createHash('sha256')
    .update(`${ref.server}\u0000${ref.tool}`)
    .digest('hex')
    .slice(0, length);
}

/** The key a ref is known by in maps: not a tool name, just unambiguous. */
export const refKey = (ref: ToolRef): string => `${ref.server}\u0000${ref.tool}`;

function baseName(ref: ToolRef): string {
  return `${PREFIX}${sanitizeNamePart(ref.server)}${SEPARATOR}${sanitizeNamePart(ref.tool)}`;
}

function withHash(base: string, ref: ToolRef, length: number): string {
  const suffix = `_${nameHash(ref, length)}`;
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}

function sanitisedCount(ref: ToolRef): number {
  return (`${ref.server}${ref.tool}`.match(/[^A-Za-z0-9_-]/gu) ?? []).length;
}

/**
 * The one ref of a colliding group that needed the fewest characters replaced, or undefined on a
 * tie (server names may contain "__", so even two untouched names can collide: then neither wins).
 */
function leastSanitised(group: readonly ToolRef[]): ToolRef | undefined {
  if (group.length === 1) return group[0];
  const counts = group.map(sanitisedCount);
  const least = Math.min(...counts);
  return counts.filter((c) => c === least).length === 1 ? group[counts.indexOf(least)] : undefined;
}

/**
 * Gives every tool a unique qualified name (map from `refKey` to name). A tool keeps the plain
 * name when it fits and nothing else wants it; among tools that sanitise to the same name, the
 * one whose name needed the least sanitising keeps it, so adding `a.b` never renames an existing
 * `a_b`.
 */
export function assignQualifiedNames(refs: readonly ToolRef[]): Map<string, string> {
  const groups = new Map<string, ToolRef[]>();
  for (const ref of refs) {
    const base = baseName(ref);
    const group = groups.get(base);
    if (group) group.push(ref);
    else groups.set(base, [ref]);
  }
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const needHash: { ref: ToolRef; base: string }[] = [];
  for (const [base, group] of groups) {
    const fits = base.length <= MAX_TOOL_NAME_LENGTH;
    const keeper = fits ? leastSanitised(group) : undefined;
    for (const ref of group) {
      if (ref === keeper) {
        names.set(refKey(ref), base);
        taken.add(base);
      } else needHash.push({ ref, base });
    }
  }
  // Sorted so that the rare longer-hash fallback is decided the same way every time.
  needHash.sort((a, b) =>
    refKey(a.ref) < refKey(b.ref) ? -1 : refKey(a.ref) > refKey(b.ref) ? 1 : 0,
  );
  for (const { ref, base } of needHash) {
    let length = HASH_LENGTH;
    let name = withHash(base, ref, length);
    while (taken.has(name) && length < 64) name = withHash(base, ref, (length += 4));
    names.set(refKey(ref), name);
    taken.add(name);
  }
  return names;
}
