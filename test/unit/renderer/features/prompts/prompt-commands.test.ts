// `/server:prompt` in the composer: what matches and what is suggested, never shadowing `/mcp`.
import { describe, expect, it } from 'vitest';
import {
  commandName,
  completePromptCommand,
  findPromptCommand,
} from '../../../../../renderer/features/prompts/prompt-commands';
import type { PromptCommand } from '../../../../../shared/resource-types';

const cmd = (server: string, name: string): PromptCommand => ({
  server,
  prompt: { name },
  completions: false,
});
const all = [
  cmd('every', 'simple-prompt'),
  cmd('every', 'args-prompt'),
  cmd('docs', 'summarise'),
  cmd('mcpx', 'go'),
];

describe('prompt commands', () => {
  it('suggests by prefix first, then by the prompt name, and leaves /mcp and finished words alone', () => {
    expect(completePromptCommand('/every:', all).map(commandName)).toEqual([
      '/every:simple-prompt',
      '/every:args-prompt',
    ]);
    expect(completePromptCommand('/args', all).map(commandName)).toEqual(['/every:args-prompt']);
    expect(completePromptCommand('/mcp', all)).toEqual([]);
    expect(completePromptCommand('/every:args-prompt now', all)).toEqual([]);
    expect(completePromptCommand('hello', all)).toEqual([]);
  });

  it('finds the command a submitted line names, and nothing for other text', () => {
    expect(findPromptCommand('/docs:summarise', all)?.prompt.name).toBe('summarise');
    expect(findPromptCommand('/docs:summ', all)).toBeUndefined();
    expect(findPromptCommand('/mcp reload', all)).toBeUndefined();
  });
});
