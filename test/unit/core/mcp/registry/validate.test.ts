import { describe, expect, it } from 'vitest';
import {
  ArgumentValidator,
  schemaDialect,
} from '../../../../../electron/core/mcp/registry/validate';

const schema = {
  type: 'object' as const,
  properties: {
    path: { type: 'string' },
    mode: { enum: ['read', 'write'] },
    options: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } } },
  },
  required: ['path'],
  additionalProperties: false,
};

describe('ArgumentValidator', () => {
  it('accepts valid arguments', async () => {
    expect(
      await new ArgumentValidator().check('mcp__fs__read', schema, {
        path: '/a',
        options: { depth: 2 },
      }),
    ).toEqual({ ok: true });
  });

  it('explains every problem so the model can fix its call', async () => {
    const result = await new ArgumentValidator().check('mcp__fs__read', schema, {
      path: 3,
      mode: 'delete',
      extra: true,
      options: { depth: 0 },
    });
    expect(result).toEqual({
      ok: false,
      message:
        'Invalid arguments for mcp__fs__read: arguments must not have the unknown property \'extra\'; /path must be string; /mode must be one of "read", "write"; /options/depth must be >= 1. Fix the arguments to match the tool\'s input schema and call it again.',
    });
    expect(await new ArgumentValidator().check('t', schema, {})).toMatchObject({
      ok: false,
      message:
        "Invalid arguments for t: arguments must have required property 'path'. Fix the arguments to match the tool's input schema and call it again.",
    });
  });

  it('missing arguments count as {}, and arguments that are not an object are refused', async () => {
    const validator = new ArgumentValidator();
    expect(await validator.check('t', { type: 'object' }, undefined)).toEqual({ ok: true });
    expect(await validator.check('t', undefined, undefined)).toEqual({ ok: true });
    expect(await validator.check('t', { type: 'object' }, 'text')).toMatchObject({
      ok: false,
      message: expect.stringContaining('arguments must be object'),
    });
  });

  it('uses draft-07 when $schema says so, 2020-12 otherwise', async () => {
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('draft-07');
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe(
      '2019-09',
    );
    expect(schemaDialect({})).toBe('2020-12');
    const validator = new ArgumentValidator();
    // Draft-07 tuple form: `items` as an array.
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object' as const,
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
    };
    expect(await validator.check('t', draft7, { pair: ['a', 1] })).toEqual({ ok: true });
    expect(await validator.check('t', draft7, { pair: ['a', 'b'] })).toMatchObject({
      ok: false,
      message: expect.stringContaining('/pair/1 must be number'),
    });
    // 2020-12 tuple form: `prefixItems`.
    const modern = {
      type: 'object' as const,
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      },
    };
    expect(await validator.check('t', modern, { pair: ['a', 'b'] })).toMatchObject({
      ok: false,
      message: expect.stringContaining('/pair/1 must be number'),
    });
    // Draft-04 schemas (no meta-schema in Ajv 8) still validate.
    const draft4 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object' as const,
      required: ['q'],
    };
    expect(await validator.check('t', draft4, {})).toMatchObject({ ok: false });
  });

  it('a schema that cannot be compiled skips the check instead of blocking the tool', async () => {
    const broken = {
      type: 'object' as const,
      properties: { a: { $ref: 'https://example.com/remote.json' } },
    };
    const result = await new ArgumentValidator().check('t', broken, { a: 1 });
    expect(result.ok).toBe(true);
    expect(result.ok && result.skipped).toMatch(/^the input schema could not be compiled/);
  });

  it('two servers may use the same $id', async () => {
    const validator = new ArgumentValidator();
    const one = { $id: 'https://example.com/same.json', type: 'object' as const, required: ['a'] };
    const two = { $id: 'https://example.com/same.json', type: 'object' as const, required: ['b'] };
    expect(await validator.check('t1', one, { a: 1 })).toEqual({ ok: true });
    expect(await validator.check('t2', two, { a: 1 })).toMatchObject({
      ok: false,
      message: expect.stringContaining("'b'"),
    });
  });

  it('checks ordinary patterns; one that backtracks for minutes is stopped and the check is marked as not done', async () => {
    const validator = new ArgumentValidator();
    const id = {
      type: 'object' as const,
      properties: { id: { type: 'string', pattern: '^[a-z]+-\\d+$' } },
    };
    expect(await validator.check('t', id, { id: 'abc-12' })).toEqual({ ok: true });
    expect(await validator.check('t', id, { id: 'ABC' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('/id must match pattern'),
    });
    // (a|a)*$ against "aaaa…!" backtracks 2^n steps: the worker is stopped at the deadline.
    const evil = {
      type: 'object' as const,
      properties: { s: { type: 'string', pattern: '^(a|a)*$' } },
    };
    expect(await validator.check('t', evil, { s: `${'a'.repeat(34)}!` })).toEqual({
      ok: true,
      skipped: expect.stringContaining('did not finish within 250 ms'),
    });
  });
});
