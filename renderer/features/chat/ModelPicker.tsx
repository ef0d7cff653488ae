// The composer's model chip: it names the open conversation's model (and thinking and effort, where
// the model offers them); its popover lists the models from the Models API (Lena's built-in list
// offline), grouped by context window, with Thinking and Effort below. The model is remembered per
// conversation; new conversations start with the default model from Settings.
import { useEffect } from 'react';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { settingsSelectors } from '../../store/settings/selectors';
import { ModelList, tokensShort } from './ModelList';
import { ThinkingControls, thinkingSummary } from './ThinkingControls';
import { usePopover } from './use-popover';

/** The model the open conversation uses: its own, else the default from Settings. */
export const useConversationModel = (): string | null => useLena(chatSelectors.conversationModel);

/** "Claude Opus 4.7" → "Opus 4.7": the chip is short, the popover says the whole name. */
const shortName = (name: string) => name.replace(/^Claude\s+/, '');

export function ModelPicker() {
  const models = useLena(chatSelectors.models);
  const settings = useLena(settingsSelectors.settings);
  const { loadModels } = useLenaActions();
  const current = useConversationModel();
  const { open, setOpen, close, button, popup } = usePopover();
  // Listed again when the key or the endpoint changes (without a key core offers its built-in list).
  const endpoint = useLena(settingsSelectors.endpoint);
  useEffect(() => {
    void loadModels();
  }, [endpoint, loadModels]);
  const chosen = models?.find((m) => m.id === current);
  const name = chosen?.displayName ?? current ?? 'no model';
  const extra = chosen && settings ? thinkingSummary(chosen, settings) : [];
  const shown = [shortName(name), ...extra].join(' · ');
  return (
    <span className="composer-chip-wrap">
      <button
        ref={button}
        type="button"
        className="composer-chip model-chip"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Model for this conversation: ${[name, ...extra].join(' · ')}`}
        title={
          chosen
            ? `${tokensShort(chosen.maxInputTokens)} context · up to ${tokensShort(chosen.maxOutputTokens)} tokens per answer`
            : 'Model, thinking and effort'
        }
        disabled={!models || !current}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {shown} <span aria-hidden="true">▾</span>
      </button>
      {open && models && current && (
        <div
          ref={popup}
          className="composer-popover model-popover"
          role="dialog"
          aria-label="Model and thinking"
          // Focus moving on elsewhere (Tab past Effort) closes it, as a menu does.
          onBlur={(e) => {
            const to = e.relatedTarget as Node | null;
            if (to && !e.currentTarget.contains(to) && to !== button.current) close(false);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault();
            e.stopPropagation();
            close(true);
          }}
        >
          <ModelList models={models} current={current} />
          <ThinkingControls />
        </div>
      )}
    </span>
  );
}
