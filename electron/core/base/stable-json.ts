// Hashes that must not depend on key order: the same definition or entry always hashes the same.
// The one canonical JSON of Lena (issue 13): pins, approvals and trust identities are all made from
// it, so its output must never change (test/unit/core/base/stable-json.test.ts pins stored values).
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level; `undefined` members are dropped like JSON does. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/** The hex SHA-256 of a text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `sha256:<hex>` of the stable JSON of `value` (pins, approval requests). */
export function stableHash(value: unknown): string {
  return `sha256:${sha256Hex(stableStringify(value))}`;
}
