// The one "/" list: prompts and commands together, what Enter does on each.
import { describe, expect, it } from 'vitest';
import type { PromptCommand } from '../../../../../shared/resource-types';
import {
  completedDraft,
  runsAsTyped,
  slashItems,
} from '../../../../../renderer/features/chat/slash-items';

const prompt = (server: string, name: string, description?: string): PromptCommand => ({
  server,
  prompt: { name, ...(description ? { description } : {}) },
  completions: false,
});
const PROMPTS = [
  prompt('every', 'simple-prompt', 'A prompt with no arguments'),
  prompt('brief', 'review'),
];

describe('the "/" list', () => {
  it('offers the prompts and the /mcp commands in one list, prompts first, each saying what it is', () => {
    const items = slashItems('/', ['fs'], PROMPTS);
    expect(items.map((i) => i.text)).toEqual([
      '/every:simple-prompt',
      '/brief:review',
      '/mcp',
      '/mcp reload',
      '/mcp add',
      '/mcp remove',
    ]);
    expect(items[0]).toMatchObject({ kind: 'prompt', note: 'A prompt with no arguments' });
    expect(items[2]).toMatchObject({ kind: 'command', note: 'The servers and their status' });
  });

  it('narrows as the user types, and names the server a command would act on', () => {
    expect(slashItems('/rev', [], PROMPTS).map((i) => i.text)).toEqual(['/brief:review']);
    expect(slashItems('/mcp remove ', ['fs', 'every'], PROMPTS)).toEqual([
      { kind: 'command', text: '/mcp remove fs', note: 'Remove fs' },
      { kind: 'command', text: '/mcp remove every', note: 'Remove every' },
    ]);
    expect(slashItems('hello /', ['fs'], PROMPTS)).toEqual([]);
  });

  it('Enter runs a whole command as typed and completes a partial one', () => {
    expect(runsAsTyped('/mcp')).toBe(true);
    expect(runsAsTyped('/mcp reload ')).toBe(true);
    expect(runsAsTyped('/mcp rem')).toBe(false);
    expect(runsAsTyped('/mcp remove ')).toBe(false);
    expect(completedDraft('/mcp remove')).toBe('/mcp remove ');
    expect(completedDraft('/mcp reload fs')).toBe('/mcp reload fs');
  });
});
