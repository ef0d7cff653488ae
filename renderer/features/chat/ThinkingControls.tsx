// Thinking and effort, in the model chip's popover, each shown only where the chosen model's
// capabilities (from the Models API) offer it: no Thinking switch on a model that always thinks
// or never does, no Effort on a model without levels. The choice is saved in Settings.
import type { ModelOption } from '../../../shared/chat/models';
import type { SettingsView } from '../../../shared/settings-types';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { settingsSelectors } from '../../store/settings/selectors';

const LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
type Level = (typeof LEVELS)[number];

const canToggle = (m: ModelOption) =>
  m.thinking.includes('adaptive') && m.thinking.includes('disabled');
const levelsOf = (m: ModelOption) => LEVELS.filter((l) => m.effort.includes(l));

/** What the chip adds after the model's name: "Thinking" and the effort level, where they apply. */
export function thinkingSummary(
  m: ModelOption,
  s: Pick<SettingsView, 'thinking' | 'effort'>,
): string[] {
  return [
    ...(canToggle(m) && s.thinking === 'adaptive' ? ['Thinking'] : []),
    ...(s.effort && levelsOf(m).includes(s.effort) ? [`${s.effort} effort`] : []),
  ];
}

export function ThinkingControls() {
  const models = useLena(chatSelectors.models);
  const settings = useLena(settingsSelectors.settings);
  const { updateSettings } = useLenaActions();
  const running = useLena(chatSelectors.running);
  const current = useLena(chatSelectors.conversationModel);
  const model = models?.find((m) => m.id === current);
  if (!model || !settings) return null;
  const toggle = canToggle(model);
  const levels = levelsOf(model);
  if (!toggle && levels.length === 0) return null;
  return (
    <div className="thinking-controls">
      {toggle && (
        <label className="model-setting small">
          <span>Thinking</span>
          <select
            aria-label="Thinking"
            value={settings.thinking}
            disabled={running}
            onChange={(e) =>
              void updateSettings({ thinking: e.target.value as 'off' | 'adaptive' })
            }
          >
            <option value="off">Off</option>
            <option value="adaptive">Adaptive</option>
          </select>
        </label>
      )}
      {levels.length > 0 && (
        <label className="model-setting small">
          <span>Effort</span>
          <select
            aria-label="Effort"
            value={settings.effort ?? ''}
            disabled={running}
            onChange={(e) =>
              void updateSettings({ effort: (e.target.value || null) as Level | null })
            }
          >
            <option value="">Model default</option>
            {levels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
