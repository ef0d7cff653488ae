// The model the open conversation talks to, picked from what the Models API lists (display names
// and limits; Lena's built-in list offline). The choice is remembered per conversation; new
// conversations start with the default model from Settings.
import { useEffect } from 'react';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { settingsSelectors } from '../../store/settings/selectors';

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}K`);

/** The model the open conversation uses: its own, else the default from Settings. */
export const useConversationModel = (): string | null => useLena(chatSelectors.conversationModel);

export function ModelPicker() {
  const models = useLena(chatSelectors.models);
  const { loadModels, setConversationModel: setModel } = useLenaActions();
  const running = useLena(chatSelectors.running);
  const current = useConversationModel();
  // Picked in the blank chat: the conversation is created first, so the choice has a home.
  const ensureConversation = useLena((s) => s.ensureConversation);
  const pick = async (model: string) => {
    if ((await ensureConversation()).ok) await setModel(model);
  };
  // Listed again when the key or the endpoint changes (without a key core offers its built-in list).
  const endpoint = useLena(settingsSelectors.endpoint);
  useEffect(() => {
    void loadModels();
  }, [endpoint, loadModels]);
  if (!models || !current) return <span className="muted small">{current ?? 'no model'}</span>;
  const known = models.some((m) => m.id === current);
  const chosen = models.find((m) => m.id === current);
  return (
    <label className="model-picker small">
      <select
        aria-label="Model for this conversation"
        value={current}
        disabled={running}
        onChange={(e) => void pick(e.target.value)}
        title={
          chosen
            ? `${k(chosen.maxInputTokens)} context · up to ${k(chosen.maxOutputTokens)} tokens per answer`
            : undefined
        }
      >
        {!known && <option value={current}>{current}</option>}
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName} · {k(m.maxInputTokens)} context · {k(m.maxOutputTokens)} out
          </option>
        ))}
      </select>
    </label>
  );
}
