// The model chip's list: models grouped by context window, each with its output limit and its
// price per million input / output tokens from the one table, the user's own prices first, and
// "price unknown" (never $0) for a model the table does not know.
import { describe, expect, it } from 'vitest';
import type { ModelOption } from '../../../../../shared/chat/models';
import { groupModels } from '../../../../../renderer/features/chat/ModelList';

const model = (id: string, input: number, output = 128_000): ModelOption =>
  ({ id, displayName: id, maxInputTokens: input, maxOutputTokens: output }) as ModelOption;

describe('the model list', () => {
  it('groups by context window and shows each price, or says it is unknown', () => {
    const groups = groupModels(
      [model('claude-sonnet-4-6', 1_000_000), model('claude-mystery-9', 200_000, 64_000)],
      'claude-sonnet-4-6',
    );
    expect(groups.map((g) => g.label)).toEqual(['1M context', '200K context']);
    expect(groups[0].models[0].note).toBe('128K out · $3 / $15');
    expect(groups[1].models[0].note).toBe('64K out · price unknown');
  });

  it("uses the user's own price over the table's", () => {
    const [group] = groupModels([model('claude-sonnet-4-6', 1_000_000)], 'claude-sonnet-4-6', {
      'claude-sonnet-4-6': { input: 2.5, output: 12, cacheWrite: 3, cacheRead: 0.25 },
    });
    expect(group.models[0].note).toBe('128K out · $2.5 / $12');
  });
});
