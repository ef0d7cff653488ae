// The meter's prices: Lena's table (shared/prices.ts, with the day it was read) and the user's own
// prices over it, saved to settings `prices`. A model neither knows shows "price unknown" in the
// meter, so adding its price here is how the meter learns it.
import { useState } from 'react';
import type { SettingsView } from '../../../shared/settings-types';
import { MODEL_PRICES, PRICES_READ_ON, type ModelPrice } from '../../../shared/prices';
import {
  EMPTY_PRICE_DRAFT as EMPTY,
  PRICE_FIELDS as FIELDS,
  readPriceDraft,
  type PriceDraft as Draft,
} from '../../lib/price-draft';
import { ErrorNote } from '../../components/ErrorNote';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';

const draftOf = (model: string, p: ModelPrice): Draft => ({
  model,
  input: String(p.input),
  output: String(p.output),
  cacheWrite: String(p.cacheWrite),
  cacheRead: String(p.cacheRead),
});

// Long: the table, the form and its validation share the draft.
export function PricesSection({ settings }: { settings: SettingsView }) {
  const { updateSettings } = useLenaActions();
  const own = settings.prices;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<UiError | null>(null);
  const models = [...new Set([...Object.keys(MODEL_PRICES), ...Object.keys(own)])];
  const save = async (prices: SettingsView['prices']) => {
    const r = await updateSettings({ prices });
    setError(r.ok ? null : r.error);
    return r.ok;
  };
  const submit = async () => {
    const read = readPriceDraft(draft);
    if (Array.isArray(read)) {
      setProblems(read);
      return;
    }
    setProblems([]);
    if (await save({ ...own, [read.model]: read.price })) setDraft(EMPTY);
  };
  const remove = (model: string) => {
    const rest = { ...own };
    delete rest[model];
    void save(rest);
  };
  return (
    <section className="card" aria-labelledby="prices-heading">
      <h2 id="prices-heading">Prices</h2>
      <p className="muted small">
        What the meter below the message box charges, in USD per million tokens. Lena’s table was
        read from Anthropic’s pricing on {PRICES_READ_ON}; your own prices take its place. A model
        without a price shows “price unknown”, never $0.
      </p>
      <div className="prices-scroll">
        <table className="prices-table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              {FIELDS.map(([key, label]) => (
                <th scope="col" key={key}>
                  {label}
                </th>
              ))}
              <th scope="col">Source</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {models.map((model) => {
              const p = own[model] ?? MODEL_PRICES[model];
              return (
                <tr key={model} data-testid={`price-${model}`}>
                  <th scope="row">
                    <code>{model}</code>
                  </th>
                  {FIELDS.map(([key]) => (
                    <td key={key}>{p[key]}</td>
                  ))}
                  <td className="muted">{own[model] ? 'yours' : 'Lena’s table'}</td>
                  <td>
                    <button
                      type="button"
                      className="ghost small"
                      aria-label={`Edit the price of ${model}`}
                      onClick={() => setDraft(draftOf(model, p))}
                    >
                      Edit
                    </button>
                    {own[model] && (
                      <button
                        type="button"
                        className="ghost small"
                        aria-label={`Remove your price of ${model}`}
                        onClick={() => remove(model)}
                      >
                        {MODEL_PRICES[model] ? 'Use the table' : 'Remove'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small" id="prices-form-note">
        Your price for a model, in USD per million tokens (Edit fills in a row’s):
      </p>
      <form
        aria-describedby="prices-form-note"
        className="row wrap prices-form"
        aria-label="Your price for a model"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>Model id</span>
          <input
            value={draft.model}
            placeholder="claude-sonnet-4-6"
            onChange={(e) => setDraft({ ...draft, model: e.target.value })}
          />
        </label>
        {FIELDS.map(([key, label]) => (
          <label className="field price-field" key={key}>
            <span>{label}</span>
            <input
              inputMode="decimal"
              value={draft[key]}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            />
          </label>
        ))}
        <div className="row">
          <button type="submit">Save price</button>
        </div>
      </form>
      {problems.length > 0 && (
        <ul className="error small" role="alert" data-testid="price-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && <ErrorNote title="Price not saved" error={error} />}
    </section>
  );
}
