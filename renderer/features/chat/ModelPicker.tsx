// The model the open conversation talks to, picked from what the Models API lists (display names
// and limits; Lena's built-in list offline). The choice is remembered per conversation; new
// conversations start with the default model from Settings.
import { useEffect } from 'react';
import { useLena } from '../../store';

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}K`);

/** The model the open conversation uses: its own, else the default from Settings. */
export const useConversationModel = (): string | null =>
  useLena((s) => s.conversations.find((c) => c.id === s.activeId)?.model ?? s.settings?.model ?? null);

export function ModelPicker() {
  const models = useLena((s) => s.models);
  const loadModels = useLena((s) => s.loadModels);
  const setModel = useLena((s) => s.setConversationModel);
  const running = useLena((s) => s.chat?.turnId != null);
  const current = useConversationModel();
  // Picked in the blank chat: the conversation is created first, so the choice has a home.
  const ensureConversation = useLena((s) => s.ensureConversation);
  const pick = async (model: string) => {
    if ((await ensureConversation()).ok) await setModel(model);
  };
  // Listed again when the key or the endpoint changes (without a key core offers its built-in list).
  const endpoint = useLena((s) => `${String(s.settings?.apiKeySet)}|${s.settings?.baseUrl ?? ''}`);
  useEffect(() => {
    void loadModels();
  }, [endpoint, loadModels]);
  if (!models || !current) return <span className="muted small">{current ?? 'no model'}</span>;
  const known = models.some((m) => m.id === current);
  const chosen = models.find((m) => m.id === current);
  return (
    <label className="model-picker small">
      <select aria-label="Model for this conversation" value={current} disabled={running} onChange={(e) => void pick(e.target.value)} title={chosen ? `${k(chosen.maxInputTokens)} context · up to ${k(chosen.maxOutputTokens)} tokens per answer` : undefined}>
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
