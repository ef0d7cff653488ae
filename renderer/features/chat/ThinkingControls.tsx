// Thinking and effort, next to the model picker, each shown only where the chosen model's
// capabilities (from the Models API) offer it: no Thinking switch on a model that always thinks
// or never does, no Effort on a model without levels. The choice is saved in Settings.
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { settingsSelectors } from '../../store/settings/selectors';
import { useConversationModel } from './ModelPicker';

const LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
type Level = (typeof LEVELS)[number];

export function ThinkingControls() {
  const models = useLena(chatSelectors.models);
  const settings = useLena(settingsSelectors.settings);
  const { updateSettings } = useLenaActions();
  const running = useLena(chatSelectors.running);
  const current = useConversationModel();
  const model = models?.find((m) => m.id === current);
  if (!model || !settings) return null;
  const canToggle = model.thinking.includes('adaptive') && model.thinking.includes('disabled');
  const levels = LEVELS.filter((l) => model.effort.includes(l));
  return (
    <>
      {canToggle && (
        <label className="model-picker small">
          <select
            aria-label="Thinking"
            value={settings.thinking}
            disabled={running}
            onChange={(e) =>
              void updateSettings({ thinking: e.target.value as 'off' | 'adaptive' })
            }
          >
            <option value="off">Thinking off</option>
            <option value="adaptive">Thinking: adaptive</option>
          </select>
        </label>
      )}
      {levels.length > 0 && (
        <label className="model-picker small">
          <select
            aria-label="Effort"
            value={settings.effort ?? ''}
            disabled={running}
            onChange={(e) =>
              void updateSettings({ effort: (e.target.value || null) as Level | null })
            }
          >
            <option value="">Effort: model default</option>
            {levels.map((l) => (
              <option key={l} value={l}>
                Effort: {l}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
