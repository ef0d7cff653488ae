// The one list "/" opens in the composer: prompts, skills and `/mcp` commands in one listbox, in one style,
// while focus stays in the message box (aria-activedescendant). ↑/↓ move; Tab or Enter accepts
// (a prompt opens its form; a skill is put in the draft, followed by a space; a command is
// completed, or run by Enter once it is whole); Escape
// closes the list and keeps the draft.
import { useState, type KeyboardEvent } from 'react';
import { useEscape } from '../../components/use-escape';
import type { PromptCommand } from '../../../shared/resource-types';
import type { SkillInfo } from '../../../shared/skill-types';
import { acceptedDraft, runsAsTyped, slashItems, type SlashItem } from './slash-items';

export const SLASH_LIST_ID = 'composer-slash-list';
const optionId = (i: number) => `${SLASH_LIST_ID}-${i}`;

interface Options {
  draft: string;
  setDraft(text: string): void;
  serverNames: readonly string[];
  prompts: readonly PromptCommand[];
  skills: readonly SkillInfo[];
  choosePrompt(c: PromptCommand): void;
}

export function useSlashList({
  draft,
  setDraft,
  serverNames,
  prompts,
  skills,
  choosePrompt,
}: Options) {
  const [picked, setPicked] = useState(0);
  // The draft the list was closed on (Escape): it stays closed until the text changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const all = slashItems(draft, serverNames, prompts, skills);
  const items = dismissed === draft ? [] : all;
  const active = Math.min(picked, items.length - 1);
  const open = items.length > 0;
  useEscape('overlay', () => setDismissed(draft), open);

  const accept = (item: SlashItem) => {
    setPicked(0);
    if (item.kind === 'prompt') choosePrompt(item.command);
    else setDraft(acceptedDraft(item));
  };

  /** Handles a key of the message box; true when it was the list's. */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const item = items[active];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : items.length - 1;
      setPicked((active + step) % items.length);
    } else if (e.key === 'Tab' && !e.shiftKey) accept(item);
    else if (e.key === 'Enter' && !e.shiftKey) {
      if (item.kind === 'command' && runsAsTyped(draft)) return false;
      accept(item);
    } else return false;
    e.preventDefault();
    return true;
  };

  const element = open ? (
    <div
      className="slash-list"
      id={SLASH_LIST_ID}
      role="listbox"
      aria-label="Prompts and commands"
      data-testid="slash-list"
    >
      {items.map((item, i) => (
        <div
          key={item.text}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className="slash-option"
          // A click picks without taking focus from the message box.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => accept(item)}
        >
          <span className="mono slash-name">{item.text}</span>
          <span className="muted small slash-note" title={item.note || undefined}>
            {item.kind === 'prompt'
              ? `Prompt · ${item.command.server}`
              : item.kind === 'skill'
                ? 'Skill'
                : 'Command'}
            {item.note ? ` · ${item.note}` : ''}
          </span>
        </div>
      ))}
    </div>
  ) : null;
  return {
    onKeyDown,
    element,
    /** For the message box: the list it controls and the option now highlighted. */
    boxProps: open
      ? {
          'aria-controls': SLASH_LIST_ID,
          'aria-activedescendant': optionId(active),
          'aria-autocomplete': 'list' as const,
        }
      : {},
  };
}
