// The composer's `/server:prompt` commands (issue 22): suggestions with each prompt's description
// while a `/` word is typed, and the argument form once one is chosen. The composer hands its
// keys and its submit here first; what this does not handle goes on as before.
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { PromptCommand } from '../../../shared/resource-types';
import { CompletionList, optionId } from '../../components/CompletionList';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';
import { PromptForm } from './PromptForm';
import { commandName, completePromptCommand, findPromptCommand } from './prompt-commands';

const LIST_ID = 'prompt-completions';

export function useComposerPrompts(draft: string, setDraft: (text: string) => void) {
  const commands = useLena(resourcesSelectors.promptCommands);
  const { loadPromptCommands: load } = useLenaActions();
  const [form, setForm] = useState<PromptCommand | null>(null);
  const [picked, setPicked] = useState(0);
  const slash = draft.startsWith('/') && !draft.startsWith('/mcp');
  useEffect(() => {
    if (slash) void load();
  }, [slash, load]);
  const matches = form ? [] : completePromptCommand(draft, commands);
  const choice = matches[Math.min(picked, matches.length - 1)];

  const choose = (c: PromptCommand) => {
    setPicked(0);
    setDraft('');
    setForm(c);
  };

  /** Handles a key of the composer; true when it was this feature's. */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (matches.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      setPicked((p) => (p + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if ((e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) && choice) {
      choose(choice);
    } else if (e.key === 'Escape') {
      setDraft('');
    } else return false;
    e.preventDefault();
    return true;
  };

  /** A submitted `/server:prompt`: opens its form (true), or false for any other text. */
  const onSubmit = (text: string): boolean => {
    const found = findPromptCommand(text, commands);
    if (!found) return false;
    choose(found);
    return true;
  };

  const element = form ? (
    <PromptForm
      command={form}
      onDone={() => {
        setForm(null);
        document.querySelector<HTMLTextAreaElement>('[data-composer]')?.focus();
      }}
    />
  ) : matches.length > 0 ? (
    <CompletionList
      id={LIST_ID}
      className="prompt-completions"
      label="Server prompts"
      items={matches}
      picked={choice ?? null}
      keyOf={commandName}
      onChoose={choose}
    >
      {(c) => (
        <>
          <span className="mono">{commandName(c)}</span>{' '}
          <span className="muted small">{c.prompt.description ?? c.prompt.title ?? ''}</span>
        </>
      )}
    </CompletionList>
  ) : null;
  /** The list and its picked option, for the composer's aria-controls and aria-activedescendant. */
  const listbox =
    !form && choice ? { id: LIST_ID, active: optionId(LIST_ID, matches.indexOf(choice)) } : null;
  return { onKeyDown, onSubmit, element, listbox };
}
