// A skill entry as a server publishes it (Skills over MCP) is checked before Lena holds it: the
// rules that decide whether a skill can be used at all, each with the reason the user is shown.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkEntry,
  digestSetHash,
  MAX_SKILL_RESOURCES,
  pathInSkill,
} from '../../../../../electron/core/mcp/skills/entry';
import { frontMatterMismatch, verifyRead } from '../../../../../electron/core/mcp/skills/verify';

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const MD = '---\nname: refunds\ndescription: Process refunds\n---\nBody\n';
const file = (uri: string, text = MD) => ({
  uri,
  digest: digest(text),
  size: Buffer.byteLength(text),
});
const entry = (over: Record<string, unknown> = {}) => ({
  uri: 'skill://acme/billing/refunds/SKILL.md',
  frontmatter: { name: 'refunds', description: 'Process refunds' },
  resources: [file('skill://acme/billing/refunds/SKILL.md')],
  ...over,
});
const reason = (raw: unknown) => {
  const c = checkEntry(raw);
  return c.ok ? 'ok' : c.reason;
};

describe('a skill entry', () => {
  it('is usable when complete, and its path prefix is kept', () => {
    expect(reason(entry())).toBe('ok');
    expect(
      pathInSkill('skill://acme/billing/refunds/SKILL.md', 'skill://acme/billing/refunds/a/b.md'),
    ).toBe('a/b.md');
    expect(
      pathInSkill('skill://acme/billing/refunds/SKILL.md', 'skill://acme/billing/other/x.md'),
    ).toBeUndefined();
    expect(pathInSkill('skill://a/SKILL.md', 'skill://a/../b/x.md')).toBeUndefined();
  });

  it('is refused, with the reason, when it breaks a rule', () => {
    expect(reason(entry({ resources: 'dynamic' }))).toMatch(/generated \("dynamic"\)/);
    expect(reason(entry({ resources: undefined }))).toBe('the entry has no list of files');
    expect(reason(entry({ frontmatter: { name: 'other', description: 'x' } }))).toBe(
      'the uri\'s last segment "refunds" is not the skill\'s name',
    );
    expect(reason(entry({ resources: [file('skill://acme/billing/refunds/x.md')] }))).toBe(
      'its file list does not include SKILL.md',
    );
    expect(
      reason(entry({ resources: [...entry().resources, file('skill://acme/other/SKILL.md')] })),
    ).toBe('the file skill://acme/other/SKILL.md is outside the skill');
    expect(
      reason(
        entry({
          resources: [{ ...file('skill://acme/billing/refunds/SKILL.md'), digest: 'sha256:ABC' }],
        }),
      ),
    ).toMatch(/has no sha256 digest/);
    const many = Array.from({ length: MAX_SKILL_RESOURCES + 1 }, (_, i) =>
      file(`skill://acme/billing/refunds/f${i}.md`),
    );
    expect(reason(entry({ resources: many }))).toMatch(/over the limit of 512/);
    const huge = { ...file('skill://acme/billing/refunds/SKILL.md'), size: 17 * 1024 * 1024 };
    expect(reason(entry({ resources: [huge] }))).toMatch(/over the limit of 16777216 \(16 MiB\)/);
  });

  it('binds approval to the set of {uri, digest}, whatever the order', () => {
    const a = file('skill://acme/billing/refunds/SKILL.md');
    const b = file('skill://acme/billing/refunds/x.md', 'x');
    const one = checkEntry(entry({ resources: [a, b] }));
    const two = checkEntry(entry({ resources: [b, a] }));
    const changed = checkEntry(
      entry({ resources: [a, file('skill://acme/billing/refunds/x.md', 'y')] }),
    );
    if (!one.ok || !two.ok || !changed.ok) throw new Error('entries should be usable');
    expect(digestSetHash(one.entry)).toBe(digestSetHash(two.entry));
    expect(digestSetHash(changed.entry)).not.toBe(digestSetHash(one.entry));
  });

  it('verifies a read by size, digest and, for SKILL.md, every front matter field', () => {
    const f = file('skill://acme/billing/refunds/SKILL.md');
    const read = (text: string) => [{ uri: f.uri, mimeType: 'text/markdown', text }];
    expect(verifyRead(f, read(MD))).toMatchObject({ ok: true, text: MD });
    expect(verifyRead(f, read(`${MD}!`))).toMatchObject({ ok: false });
    expect(verifyRead(f, read(MD.replace('Body', 'Evil')))).toEqual({
      ok: false,
      reason:
        'skill://acme/billing/refunds/SKILL.md does not match the sha256 digest its entry lists',
    });
    const blob = [{ uri: f.uri, blob: Buffer.from(MD).toString('base64') }];
    expect(verifyRead(f, blob)).toMatchObject({ ok: true });
    const held = checkEntry(entry());
    if (!held.ok) throw new Error('usable');
    expect(frontMatterMismatch(held.entry, MD)).toBeUndefined();
    expect(
      frontMatterMismatch(held.entry, MD.replace('---\nBody', 'license: MIT\n---\nBody')),
    ).toBe('its SKILL.md\'s "license" differs from the "license" the server listed');
  });
});
