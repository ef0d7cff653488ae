import { describe, expect, it } from 'vitest';
import {
  initialValues,
  parseRequestedSchema,
  validateForm,
  type FormField,
} from '../../../shared/elicitation-form';

function fields(properties: Record<string, unknown>, required: string[] = []): FormField[] {
  const r = parseRequestedSchema({ type: 'object', properties, required });
  if (!r.ok) throw new Error(r.message);
  return r.fields;
}

describe('elicitation form from a requested schema', () => {
  it('reads strings with formats, numbers, booleans, titled enums and multi-selects', () => {
    const f = fields({
      email: { type: 'string', format: 'email', title: 'Email' },
      age: { type: 'integer', minimum: 1, maximum: 120 },
      ok: { type: 'boolean' },
      hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] },
      pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
      fish: {
        type: 'array',
        items: {
          anyOf: [
            { const: 'f1', title: 'Tuna' },
            { const: 'f2', title: 'Trout' },
          ],
        },
        maxItems: 1,
      },
    });
    expect(f.map((x) => x.kind)).toEqual([
      'text',
      'number',
      'boolean',
      'select',
      'select',
      'multi-select',
    ]);
    expect(f[0]).toMatchObject({ label: 'Email', format: 'email' });
    expect(f[3]).toMatchObject({ options: [{ value: 'h1', label: 'Superman' }] });
    expect(f[4]).toMatchObject({
      options: [
        { value: 'p1', label: 'Cats' },
        { value: 'p2', label: 'Dogs' },
      ],
    });
  });

  it('refuses a nested object and says which field', () => {
    const r = parseRequestedSchema({
      type: 'object',
      properties: { address: { type: 'object', properties: {} } },
    });
    expect(r).toEqual({
      ok: false,
      message: expect.stringContaining('field "address" cannot be shown'),
    });
    expect(parseRequestedSchema({ type: 'string' }).ok).toBe(false);
  });

  it('applies defaults (SEP-1034) to the form and to fields left empty', () => {
    const f = fields({
      name: { type: 'string', default: 'John Doe' },
      n: { type: 'number', default: 95.5 },
      v: { type: 'boolean', default: true },
      s: { type: 'string', enum: ['a', 'b'], default: 'a' },
    });
    expect(initialValues(f)).toEqual({ name: 'John Doe', n: 95.5, v: true, s: 'a' });
    expect(validateForm(f, { name: '' })).toEqual({
      ok: true,
      content: { name: 'John Doe', n: 95.5, v: true, s: 'a' },
    });
    // A default outside the enum is ignored rather than sent.
    expect(initialValues(fields({ s: { type: 'string', enum: ['a'], default: 'zzz' } }))).toEqual(
      {},
    );
  });

  it('validates before anything is sent: required, formats, ranges, choices', () => {
    const f = fields(
      {
        name: { type: 'string', minLength: 2 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        born: { type: 'string', format: 'date' },
        n: { type: 'integer', minimum: 1, maximum: 100 },
        fish: { type: 'array', items: { enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2 },
      },
      ['name'],
    );
    const r = validateForm(f, {
      email: 'nope',
      site: 'example',
      born: '2024-02-30',
      n: 4.5,
      fish: ['a', 'b', 'c'],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['born', 'email', 'fish', 'n', 'name', 'site']);
    expect(r.errors.name).toBe('is required');
    expect(
      validateForm(f, {
        name: 'Jo',
        email: 'jo@example.com',
        site: 'https://x.org',
        born: '2024-02-29',
        n: 7,
        fish: ['b'],
      }),
    ).toEqual({
      ok: true,
      content: {
        name: 'Jo',
        email: 'jo@example.com',
        site: 'https://x.org',
        born: '2024-02-29',
        n: 7,
        fish: ['b'],
      },
    });
  });

  it('flags fields that look like passwords or tokens', () => {
    const f = fields({
      password: { type: 'string' },
      apiKey: { type: 'string', title: 'API key' },
      city: { type: 'string' },
      x: { type: 'string', description: 'Your access token' },
      n: {
        type: 'integer',
        description:
          'Favorite integer (do not give us your phone number, pin, or other sensitive info)',
      },
      code: { type: 'string', title: 'PIN' },
    });
    expect(f.map((x) => x.sensitive)).toEqual([true, true, false, true, false, true]);
  });
});
