// A tool's input schema as the run-by-hand form (issue 16): field kinds, the JSON fallback for
// what a form cannot express, and the arguments built from the values with problems at their paths.
import { describe, expect, it } from 'vitest';
import {
  formOf,
  initialValue,
  toArguments,
  type FieldNode,
  type FormValue,
} from '../../../../renderer/lib/schema-form';

const ORDER = {
  type: 'object',
  required: ['customer', 'items'],
  properties: {
    customer: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
    },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['sku', 'quantity'],
        properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      },
    },
    priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
    gift: { type: 'boolean' },
    extra: { oneOf: [{ type: 'string' }, { type: 'object' }] },
    note: { type: ['string', 'null'] },
  },
};

const kinds = (n: FieldNode): unknown =>
  n.kind === 'object'
    ? Object.fromEntries(n.fields.map((f) => [f.key, kinds(f)]))
    : n.kind === 'array'
      ? [kinds(n.item)]
      : `${n.kind}${n.required ? '*' : ''}`;

describe('formOf', () => {
  it('makes nested groups, typed fields, selects for enums and a JSON box for oneOf', () => {
    const form = formOf(ORDER);
    expect(kinds(form)).toEqual({
      customer: { name: 'string*', email: 'string' },
      items: [{ sku: 'string*', quantity: 'number*' }],
      priority: 'enum',
      gift: 'boolean',
      extra: 'json',
      note: 'string',
    });
    const extra = form.kind === 'object' ? form.fields.find((f) => f.key === 'extra') : undefined;
    expect(extra).toMatchObject({ kind: 'json', why: 'its schema uses oneOf' });
  });

  it('falls back to JSON for $ref, several types, and objects without properties', () => {
    const form = formOf({
      type: 'object',
      properties: {
        a: { $ref: '#/defs/x' },
        b: { type: ['string', 'number'] },
        c: { type: 'object' },
        d: {},
      },
    });
    expect(form.kind === 'object' && form.fields.map((f) => f.kind)).toEqual([
      'json',
      'json',
      'json',
      'json',
    ]);
    expect(formOf({ type: 'object' })).toMatchObject({ kind: 'json' });
  });
});

describe('toArguments', () => {
  const form = formOf(ORDER);

  it('starts from the defaults and with the minimum items', () => {
    expect(initialValue(form)).toEqual({
      customer: { name: '', email: '' },
      items: [{ sku: '', quantity: '' }],
      priority: '1',
      gift: '',
      extra: '',
      note: '',
    });
  });

  it('builds typed, nested arguments and leaves empty optional fields out', () => {
    const value: FormValue = {
      customer: { name: 'Ada', email: '' },
      items: [
        { sku: 'A-1', quantity: '2' },
        { sku: 'B', quantity: '1' },
      ],
      priority: '2',
      gift: true,
      extra: '{"rush": true}',
      note: '',
    };
    expect(toArguments(form, value)).toEqual({
      args: {
        customer: { name: 'Ada' },
        items: [
          { sku: 'A-1', quantity: 2 },
          { sku: 'B', quantity: 1 },
        ],
        priority: 'high',
        gift: true,
        extra: { rush: true },
      },
      errors: {},
    });
  });

  it('reports every problem at its field path', () => {
    const value: FormValue = {
      customer: { name: '', email: 'not-an-email' },
      items: [
        { sku: 'A', quantity: '1.5' },
        { sku: '', quantity: '0' },
      ],
      priority: '',
      gift: '',
      extra: '{oops',
      note: '',
    };
    const { errors } = toArguments(form, value);
    expect(errors).toEqual({
      'customer.name': 'Required.',
      'customer.email': 'An email address, like name@example.com.',
      'items.0.quantity': 'A whole number.',
      'items.1.sku': 'Required.',
      'items.1.quantity': 'At least 1.',
      extra: expect.stringMatching(/^Not valid JSON: /),
    });
    expect(toArguments(form, { ...(initialValue(form) as object), items: [] }).errors.items).toBe(
      'At least 1 item.',
    );
  });
});
