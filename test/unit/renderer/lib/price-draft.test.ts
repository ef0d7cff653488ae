import { describe, expect, it } from 'vitest';
import { EMPTY_PRICE_DRAFT, readPriceDraft } from '../../../../renderer/lib/price-draft';

describe('a price typed in Settings', () => {
  it('reads numbers with spaces and decimals into USD per million tokens', () => {
    expect(
      readPriceDraft({
        model: ' claude-opus-4-7 ',
        input: '5',
        output: ' 25 ',
        cacheWrite: '6.25',
        cacheRead: '0.5',
      }),
    ).toEqual({
      model: 'claude-opus-4-7',
      price: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
    });
  });

  it('names every field that is missing, not a number or out of range', () => {
    expect(
      readPriceDraft({ ...EMPTY_PRICE_DRAFT, input: 'five', output: '-1', cacheWrite: '2' }),
    ).toEqual([
      'Model: write a model id, such as claude-sonnet-4-6.',
      'Input: write a number of USD per million tokens, such as 3 or 0.3.',
      'Output: a price is between 0 and 10000 USD per million tokens.',
      'Cache read: write a number of USD per million tokens, such as 3 or 0.3.',
    ]);
  });
});
