// Security (issue 12, item 4): a server's `pattern` that backtracks for minutes must not freeze
// Lena. The check runs in a worker that is stopped at its deadline; the outcome is
// "inconclusive" while the main thread keeps running (a timer keeps firing), never a hang.
import { afterAll, describe, expect, it } from 'vitest';
import {
  INPUT_DEADLINE_MS,
  OUTPUT_DEADLINE_MS,
  SchemaChecker,
} from '../../../../../electron/core/mcp/registry/schema-check';

const checker = new SchemaChecker();
afterAll(() => checker.close());

const withPattern = (pattern: string) => ({
  type: 'object',
  properties: { s: { type: 'string', pattern } },
});

/** Runs `work` while a 5 ms interval ticks, and reports how often it fired. */
async function ticking<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    const value = await work();
    return { value, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe('the schema checker', () => {
  it('checks ordinary patterns, in every dialect', async () => {
    const id = withPattern('^[a-z]+-\\d+$');
    expect(
      await checker.check(
        id,
        { s: 'abc-12' },
        { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS },
      ),
    ).toEqual({ status: 'valid' });
    expect(
      await checker.check(id, { s: 'ABC' }, { dialect: 'draft-07', deadlineMs: INPUT_DEADLINE_MS }),
    ).toMatchObject({
      status: 'invalid',
      errors: [
        { instancePath: '/s', keyword: 'pattern', message: 'must match pattern "^[a-z]+-\\d+$"' },
      ],
    });
  });

  // Each of these takes seconds to minutes on V8's backtracking engine for the given input.
  const attacks: [string, string][] = [
    ['^(a+)+$', `${'a'.repeat(34)}!`],
    ['^(a|a)*$', `${'a'.repeat(34)}!`],
    ['(x+x+)+y', 'x'.repeat(40)],
  ];
  for (const [pattern, input] of attacks) {
    it(`stops ${pattern} at the deadline: inconclusive, and the main thread stays responsive`, async () => {
      const before = checker.terminated;
      const { value, ticks } = await ticking(() =>
        checker.check(
          withPattern(pattern),
          { s: input },
          { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS },
        ),
      );
      expect(value).toEqual({
        status: 'inconclusive',
        reason: expect.stringMatching(/did not finish within 250 ms .*so it was stopped/),
      });
      expect(ticks).toBeGreaterThan(0);
      expect(checker.terminated).toBe(before + 1);
    });
  }

  it('works again after a worker was stopped, and output checks get the longer deadline', async () => {
    expect(
      await checker.check(
        withPattern('^(a|a)*$'),
        { s: 'aaaa' },
        { dialect: '2020-12', deadlineMs: OUTPUT_DEADLINE_MS },
      ),
    ).toEqual({ status: 'valid' });
    const { value, ticks } = await ticking(() =>
      checker.check(
        withPattern('^(a|a)*$'),
        { s: `${'a'.repeat(40)}!` },
        { dialect: '2020-12', deadlineMs: OUTPUT_DEADLINE_MS },
      ),
    );
    expect(value).toMatchObject({
      status: 'inconclusive',
      reason: expect.stringContaining('within 1000 ms'),
    });
    expect(ticks).toBeGreaterThan(0);
  });

  it('does not test a string longer than the cap against a pattern: inconclusive, with the pattern named', async () => {
    const small = new SchemaChecker({ maxPatternInput: 100 });
    try {
      const check = await small.check(
        withPattern('^[a-z]*$'),
        { s: 'a'.repeat(101) },
        { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS },
      );
      expect(check).toEqual({
        status: 'inconclusive',
        reason: 'a string longer than 100 characters was not tested against the pattern "^[a-z]*$"',
      });
      // Other keywords still decide: a wrong type is reported even when a pattern was skipped.
      expect(
        await small.check(
          withPattern('^[a-z]*$'),
          { s: 5 },
          { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS },
        ),
      ).toMatchObject({ status: 'invalid' });
      expect(
        await small.check(
          withPattern('^[a-z]*$'),
          { s: 'a'.repeat(100) },
          { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS },
        ),
      ).toEqual({ status: 'valid' });
    } finally {
      await small.close();
    }
  });

  it('a schema that cannot be compiled is reported as unusable', async () => {
    const broken = {
      type: 'object',
      properties: { a: { $ref: 'https://example.com/remote.json' } },
    };
    expect(
      await checker.check(broken, { a: 1 }, { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS }),
    ).toMatchObject({ status: 'unusable', reason: expect.stringContaining('remote.json') });
  });

  it('sends a schema the worker dropped from its bounded cache again', async () => {
    const tiny = new SchemaChecker({ maxCached: 1 });
    try {
      const one = withPattern('^1$');
      const two = withPattern('^2$');
      expect(
        await tiny.check(one, { s: '1' }, { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS }),
      ).toEqual({ status: 'valid' });
      expect(
        await tiny.check(two, { s: '2' }, { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS }),
      ).toEqual({ status: 'valid' });
      expect(
        await tiny.check(one, { s: '2' }, { dialect: '2020-12', deadlineMs: INPUT_DEADLINE_MS }),
      ).toMatchObject({ status: 'invalid' });
    } finally {
      await tiny.close();
    }
  });
});

describe('a schema checker whose worker dies', () => {
  it('answers the check in flight as inconclusive and starts a new worker for the next one', async () => {
    const fresh = new SchemaChecker();
    try {
      const slow = fresh.check(
        withPattern('^(a|a)*$'),
        { s: `${'a'.repeat(40)}!` },
        { dialect: '2020-12', deadlineMs: 60_000 },
      );
      // Once the check is under way, the worker goes away (as after a crash).
      await expect.poll(() => fresh.checksRun).toBe(1);
      await fresh.close();
      expect(await slow).toEqual({
        status: 'inconclusive',
        reason: expect.stringMatching(/^the schema checker stopped/),
      });
      expect(
        await fresh.check({ type: 'string' }, 5, {
          dialect: '2020-12',
          deadlineMs: INPUT_DEADLINE_MS,
        }),
      ).toMatchObject({ status: 'invalid' });
    } finally {
      await fresh.close();
    }
  });
});
