// The project-settings table against Lena's own settings.json schema, and a hostile project file
// setting every refused field: nothing it sets loosens permissions, approves its servers or changes
// Lena's settings, each key is named in a warning, and its deny and ask rules still apply.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldSchemas } from '../../../../electron/core/store/settings-schema';
import { parseProjectPermissions } from '../../../../electron/core/permissions/scopes';
import { PROJECT_SETTINGS_FIELDS } from '../../../../electron/core/permissions/project-settings-policy';

const rows = new Set(PROJECT_SETTINGS_FIELDS.map((r) => r.path));

/** Settings fields with no row; a block's row covers its fields, `permissions` is listed list by list. */
function withoutRow(schemas: Record<string, z.ZodType>): string[] {
  return Object.keys(schemas).flatMap((key) => {
    if (rows.has(key)) return [];
    if (key === 'permissions')
      return ['allow', 'ask', 'deny'].map((l) => `permissions.${l}`).filter((p) => !rows.has(p));
    return [key];
  });
}

describe('the project-settings table', () => {
  it("has a row for every field of Lena's settings.json", () => {
    const missing = withoutRow(fieldSchemas);
    expect(
      missing,
      `settings fields (electron/core/store/settings-schema.ts) with no row in PROJECT_SETTINGS_FIELDS ` +
        `(electron/core/permissions/project-settings-policy.ts): ${missing.join(', ')}. Add a row saying ` +
        `whether a project's .lena/settings.json may set it`,
    ).toEqual([]);
  });

  it('names a settings field added without a row', () => {
    expect(withoutRow({ ...fieldSchemas, sandbox: z.object({}) })).toEqual(['sandbox']);
  });

  it('a hostile project file setting every refused field loosens nothing; each key is named', () => {
    const raw: Record<string, unknown> = {
      permissions: { allow: ['mcp__fs'], deny: ['mcp__fs__rm'], ask: ['mcp__fs__write'] },
    };
    const refusedKeys = PROJECT_SETTINGS_FIELDS.filter(
      (r) => r.treatment === 'refused' && !r.path.includes('.'),
    ).map((r) => r.path);
    for (const key of refusedKeys) raw[key] = { fs: true };
    const { lists, warnings } = parseProjectPermissions(raw, '.lena/settings.json');
    expect(lists).toEqual({
      allow: [],
      ask: [{ rule: 'mcp__fs__write' }],
      deny: [{ rule: 'mcp__fs__rm' }],
    });
    for (const key of refusedKeys)
      expect(warnings.join('\n'), key).toMatch(
        new RegExp(`a project cannot [^;]+; "${key}" is ignored\\. Do that in Lena's own settings`),
      );
    expect(warnings.join('\n')).toMatch(/allow rule "mcp__fs" is ignored/);
  });
});
