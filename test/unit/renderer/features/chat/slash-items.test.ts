// The one "/" list: prompts and commands together, what Enter does on each.
import { describe, expect, it } from 'vitest';
import type { PromptCommand } from '../../../../../shared/resource-types';
import type { SkillInfo } from '../../../../../shared/skill-types';
import {
  acceptedDraft,
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

const skill = (name: string, state: SkillInfo['state'], description?: string): SkillInfo => ({
  name,
  origin: 'user',
  folder: `/skills/${name}`,
  state,
  ...(description ? { description } : {}),
  warnings: [],
  files: [],
  duplicates: [],
});
const SKILLS = [
  skill('pdf-forms', 'enabled', 'Fill PDF forms'),
  skill('review-notes', 'enabled', 'Notes for a code review'),
  skill('slides', 'disabled', 'Make slides'),
  skill('pending', 'needs-approval', 'A project skill'),
];

describe('the "/" list', () => {
  it('suggests the enabled skills after the prompts, with their description', () => {
    const items = slashItems('/', [], PROMPTS, SKILLS);
    expect(items.map((i) => i.text)).toEqual([
      '/every:simple-prompt',
      '/brief:review',
      '/pdf-forms',
      '/review-notes',
      '/mcp',
      '/mcp reload',
      '/mcp add',
      '/mcp remove',
    ]);
    expect(items[2]).toEqual({ kind: 'skill', text: '/pdf-forms', note: 'Fill PDF forms' });
    expect(slashItems('/rev', [], PROMPTS, SKILLS).map((i) => i.text)).toEqual([
      '/brief:review',
      '/review-notes',
    ]);
    expect(slashItems('/notes', [], [], SKILLS).map((i) => i.text)).toEqual(['/review-notes']);
    expect(slashItems('/sli', [], [], SKILLS)).toEqual([]);
    expect(slashItems('/pdf-forms', [], [], SKILLS)).toEqual([]);
    expect(slashItems('/pdf-forms fill', [], [], SKILLS)).toEqual([]);
  });

  it('choosing a skill puts `/name ` in the draft, ready for the message', () => {
    const [item] = slashItems('/pdf', [], [], SKILLS);
    expect(acceptedDraft(item)).toBe('/pdf-forms ');
    expect(acceptedDraft({ kind: 'command', text: '/mcp remove', note: '' })).toBe('/mcp remove ');
  });

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
