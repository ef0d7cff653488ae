// The models in the model chip's popover: one listbox, grouped by context window (largest first),
// each model with its output limit. ↑/↓, Home/End move (roving focus); Enter, Space or a click
// picks. Picking in the blank chat creates the conversation first, so the choice has a home.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ModelOption } from '../../../shared/chat/models';
import { priceFor, type ModelPrice } from '../../../shared/prices';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { settingsSelectors } from '../../store/settings/selectors';

/** 1000000 → "1M", 200000 → "200K". */
export const tokensShort = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}K`;

interface Group {
  label: string;
  models: { id: string; name: string; note: string }[];
}

/** "$3 / $15" per million input / output tokens, or "price unknown" (never $0). */
export function priceNote(price: ModelPrice | null): string {
  return price ? `$${price.input} / $${price.output}` : 'price unknown';
}

/**
 * Models grouped by context window, largest first, each with its output limit and its price per
 * million input / output tokens (the table in shared/prices.ts, the user's own prices first); the
 * current one is kept even when unlisted.
 */
export function groupModels(
  models: readonly ModelOption[],
  current: string,
  prices: Readonly<Record<string, ModelPrice>> = {},
): Group[] {
  const groups = new Map<number, Group>();
  for (const m of [...models].sort((a, b) => b.maxInputTokens - a.maxInputTokens)) {
    const g = groups.get(m.maxInputTokens) ?? {
      label: `${tokensShort(m.maxInputTokens)} context`,
      models: [],
    };
    g.models.push({
      id: m.id,
      name: m.displayName,
      note: `${tokensShort(m.maxOutputTokens)} out · ${priceNote(priceFor(m.id, prices))}`,
    });
    groups.set(m.maxInputTokens, g);
  }
  const all = [...groups.values()];
  if (!models.some((m) => m.id === current))
    all.push({ label: 'Other', models: [{ id: current, name: current, note: 'not listed' }] });
  return all;
}

export function ModelList({
  models,
  current,
}: {
  models: readonly ModelOption[];
  current: string;
}) {
  const running = useLena(chatSelectors.running);
  const { setConversationModel } = useLenaActions();
  const ensureConversation = useLena((s) => s.ensureConversation);
  const prices = useLena((st) => settingsSelectors.settings(st)?.prices);
  const groups = useMemo(
    () => groupModels(models, current, prices ?? {}),
    [models, current, prices],
  );
  const flat = groups.flatMap((g) => g.models);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      flat.findIndex((m) => m.id === current),
    ),
  );
  const list = useRef<HTMLDivElement>(null);
  // Opening the popover puts focus on the conversation's model.
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, []);
  const focusAt = (i: number) => {
    setActive(i);
    list.current?.querySelector<HTMLElement>(`[data-model-index="${i}"]`)?.focus();
  };
  const pick = async (id: string) => {
    if (running || id === current) return;
    if ((await ensureConversation()).ok) await setConversationModel(id);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const last = flat.length - 1;
    const to =
      e.key === 'ArrowDown'
        ? Math.min(last, active + 1)
        : e.key === 'ArrowUp'
          ? Math.max(0, active - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to !== null) {
      e.preventDefault();
      focusAt(to);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (flat[active]) void pick(flat[active].id);
    }
  };
  let index = 0;
  return (
    <>
      {running && (
        <p className="muted small model-list-note">
          The model can change once this answer is done.
        </p>
      )}
      <div
        ref={list}
        className="model-list"
        role="listbox"
        aria-label="Models"
        onKeyDown={onKeyDown}
      >
        {groups.map((g, gi) => (
          <div key={g.label} role="group" aria-labelledby={`model-group-${gi}`}>
            <div id={`model-group-${gi}`} role="presentation" className="model-group-label">
              {g.label}
            </div>
            {g.models.map((m) => {
              const i = index++;
              return (
                <div
                  key={m.id}
                  role="option"
                  aria-selected={m.id === current}
                  aria-disabled={running || undefined}
                  data-model-index={i}
                  data-model-id={m.id}
                  tabIndex={i === active ? 0 : -1}
                  className="model-option"
                  onFocus={() => setActive(i)}
                  onClick={() => {
                    setActive(i);
                    void pick(m.id);
                  }}
                >
                  <span className="model-check" aria-hidden="true">
                    {m.id === current ? '✓' : ''}
                  </span>
                  <span className="model-name">{m.name}</span>
                  <span
                    className="muted small"
                    title="Output limit · USD per million input / output tokens"
                  >
                    {m.note}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}
