// The project-entry table against the entry schema, and attacks through it: a project entry
// setting each refused field is refused with the way out, a reference in each granted field is not
// expanded without its grant, and every field an entry sets is visible in the approval (the
// window's view model and `lena mcp approve`'s text).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extend } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  serverEntrySchema,
  validateServerEntry,
} from '../../../../../shared/config/server-entry-schema';
import {
  entryValues,
  PROJECT_ENTRY_FIELDS,
  projectEntryRefusal,
} from '../../../../../electron/core/mcp/config/project-entry-policy';
import { expandEntry } from '../../../../../electron/core/mcp/config/expand';
import {
  approvalRequest,
  describeApproval,
} from '../../../../../electron/core/permissions/approval-request';
import { approvalView } from '../../../../../electron/core/permissions/view';
import type { ServerEntry } from '../../../../../shared/server-config';
import {
  approveLine,
  baseFor,
  FULL_BUNDLE,
  FULL_LOCAL,
  FULL_REMOTE,
  SAMPLE_KEY,
  SAMPLES,
  withField,
} from './project-entry-samples';

interface Def {
  type: string;
  innerType?: $ZodType;
  shape?: Record<string, $ZodType>;
}

/** The leaf fields of a schema: objects field by field, records as `NAME.*`. */
function schemaFields(schema: $ZodType, path = ''): string[] {
  const def = schema._zod.def as unknown as Def;
  if (def.innerType) return schemaFields(def.innerType, path);
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) =>
      schemaFields(field, path ? `${path}.${key}` : key),
    );
  if (def.type === 'record') return [`${path}.*`];
  return [path];
}

const rows = new Set(PROJECT_ENTRY_FIELDS.map((r) => r.path));
/** Schema fields without a row (an array's row may be `NAME[]`: each item on its own). */
const withoutRow = (schema: $ZodType) =>
  schemaFields(schema).filter((f) => !rows.has(f) && !rows.has(`${f}[]`));

describe('the project-entry table', () => {
  it('has a row for every field of the server entry schema, and no row for a field it lacks', () => {
    const missing = withoutRow(serverEntrySchema);
    expect(
      missing,
      `fields of a server entry (shared/config/server-entry-schema.ts) with no row in PROJECT_ENTRY_FIELDS ` +
        `(electron/core/mcp/config/project-entry-policy.ts): ${missing.join(', ')}. Add a row saying how a ` +
        `project entry's value is treated (shown, references, refused) and which risks are checked`,
    ).toEqual([]);
    const fields = new Set(schemaFields(serverEntrySchema));
    const stale = [...rows].filter((r) => !fields.has(r) && !fields.has(r.replace(/\[\]$/, '')));
    expect(stale, `rows for fields the entry schema does not have: ${stale.join(', ')}`).toEqual(
      [],
    );
  });

  it('names a field added to the schema without a row (a sandbox block, field by field)', () => {
    const extended = extend(serverEntrySchema, {
      sandbox: z.object({ network: z.array(z.string()), writable: z.array(z.string()) }).optional(),
    });
    expect(withoutRow(extended)).toEqual(['sandbox.network', 'sandbox.writable']);
  });

  it('has a schema-valid sample for every row, and the sample entries pass validation', () => {
    expect(PROJECT_ENTRY_FIELDS.map((r) => r.path).filter((p) => !(p in SAMPLES))).toEqual([]);
    for (const entry of [FULL_LOCAL, FULL_REMOTE, FULL_BUNDLE])
      expect(validateServerEntry('.mcp.json', 'sample', entry)).toMatchObject({ ok: true });
  });
});

describe('a hostile project entry, field by field', () => {
  const refused = PROJECT_ENTRY_FIELDS.filter((r) => r.treatment === 'refused');
  const referencing = PROJECT_ENTRY_FIELDS.filter((r) => r.treatment === 'references');

  it('setting a refused field does not start, and the message says to configure it in user scope', async () => {
    expect(refused.length).toBeGreaterThan(0);
    for (const rule of refused) {
      const entry = withField(baseFor(rule), rule, SAMPLES[rule.path]);
      // Even with every reference granted, the field alone refuses the launch before anything is read.
      const grants = ['secret:sample-client-secret', 'secret:sample-private-key'];
      const result = await expandEntry(entry, { grants, env: {} });
      expect(result, rule.path).toMatchObject({ ok: false, reason: 'invalid' });
      const message = result.ok ? '' : result.message;
      const where = rule.path.endsWith('.*')
        ? `${rule.path.slice(0, -1)}${SAMPLE_KEY[rule.path]}`
        : rule.path;
      expect(message).toContain(`"${where}"`);
      expect(message).toMatch(
        /Configure this server in user scope instead \(lena mcp add --scope user/,
      );
      // `lena mcp add --scope project` and `lena mcp approve` word it the same way.
      expect(projectEntryRefusal({ ...entry }), rule.path).toBe(message);
    }
  });

  it('a reference in any granted field is not expanded without its grant, and is once granted', async () => {
    const secrets = { get: (name: string) => (name === 'probe' ? 'PROBE-VALUE-9731' : undefined) };
    for (const rule of referencing) {
      const template =
        rule.path === 'url' ? 'https://mcp.example.com/${secret:probe}' : '${secret:probe}';
      const entry = withField(baseFor(rule), rule, template);
      const refused = await expandEntry(entry, { grants: [], secrets, env: {} });
      expect(refused, rule.path).toMatchObject({ ok: false, reason: 'not-granted' });
      expect(refused.ok ? '' : refused.message).toContain('${secret:probe}');
      expect(JSON.stringify(refused)).not.toContain('PROBE-VALUE-9731');
      const granted = await expandEntry(entry, { grants: ['secret:probe'], secrets, env: {} });
      expect(granted, rule.path).toMatchObject({ ok: true });
      expect(JSON.stringify(granted.ok && granted.launch), rule.path).toContain('PROBE-VALUE-9731');
    }
  });
});

/** Every `where` the window's approval view shows a value at. */
function shownInView(entry: ServerEntry): Set<string> {
  const view = approvalView(approvalRequest('sample', entry));
  return new Set([
    ...(view.command !== null ? ['command'] : []),
    ...(view.cwd !== null ? ['cwd'] : []),
    ...[
      ...view.argFields,
      ...view.env,
      ...view.headers,
      ...(view.urlField ? [view.urlField] : []),
      ...view.oauth,
      ...view.options,
      ...view.ignored,
    ].map((f) => f.where),
  ]);
}

describe('the approval of a project entry', () => {
  it('shows every field the entry sets, in the window and on the command line', () => {
    for (const entry of [
      FULL_LOCAL,
      FULL_REMOTE,
      FULL_BUNDLE,
      { ...FULL_REMOTE, sandboxx: { network: ['*'] } } as ServerEntry,
    ]) {
      const values = entryValues(entry);
      const shown = shownInView(entry);
      const text = describeApproval(approvalRequest('sample', entry));
      for (const { where, value } of values) {
        expect(shown, `window: ${where}`).toContain(where);
        expect(text, `lena mcp approve: ${where}`).toContain(approveLine(where, value));
      }
      if ('sandboxx' in entry) {
        expect(shown).toContain('sandboxx');
        expect(text).toContain('sandboxx: {"network":["*"]}   (Lena does not read this field)');
      }
    }
  });

  it('covers every row of the table between the two sample entries', () => {
    const set = new Set(
      [FULL_LOCAL, FULL_REMOTE, FULL_BUNDLE].flatMap((e) => entryValues(e).map((v) => v.rule.path)),
    );
    expect(PROJECT_ENTRY_FIELDS.map((r) => r.path).filter((p) => !set.has(p))).toEqual([]);
  });
});
