// The composer's `/server:prompt` commands (issue 22): the servers' prompts for the "/" list, and
// the argument form once one is chosen (typed, picked in the list, or "Use in chat" on the servers
// page). The composer hands its submit here first; what this does not handle goes on as before.
import { useEffect, useState } from 'react';
import type { PromptCommand } from '../../../shared/resource-types';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';
import { PromptForm } from './PromptForm';
import { findPromptCommand } from './prompt-commands';

export function useComposerPrompts(draft: string, setDraft: (text: string) => void) {
  const commands = useLena(resourcesSelectors.promptCommands);
  const asked = useLena(resourcesSelectors.promptToOpen);
  const { loadPromptCommands: load, takePromptToOpen } = useLenaActions();
  const [form, setForm] = useState<PromptCommand | null>(null);
  const slash = draft.startsWith('/') && !draft.startsWith('/mcp');
  useEffect(() => {
    if (slash) void load();
  }, [slash, load]);

  const choose = (c: PromptCommand) => {
    setDraft('');
    setForm(c);
  };
  // "Use in chat" on the servers page: the prompt's form opens here.
  useEffect(() => {
    if (!asked) return;
    const c = takePromptToOpen();
    if (c) setForm(c);
  }, [asked, takePromptToOpen]);

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
  ) : null;
  return { commands: form ? [] : commands, choose, onSubmit, element };
}
