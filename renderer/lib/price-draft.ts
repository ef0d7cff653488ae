// The Settings form's price for one model: text fields read into a price, or the problems with
// them, each naming its field (settings.prices keeps USD per million tokens).
import type { ModelPrice } from '../../shared/prices';

export const PRICE_FIELDS = [
  ['input', 'Input'],
  ['output', 'Output'],
  ['cacheWrite', 'Cache write'],
  ['cacheRead', 'Cache read'],
] as const satisfies readonly (readonly [keyof ModelPrice, string])[];

export type PriceDraft = { model: string } & Record<keyof ModelPrice, string>;
export const EMPTY_PRICE_DRAFT: PriceDraft = {
  model: '',
  input: '',
  output: '',
  cacheWrite: '',
  cacheRead: '',
};
/** The largest price the settings accept (shared/settings-fields.ts). */
const MAX_PRICE = 10_000;

/** The draft as a price, or the problems with it, each naming its field. */
export function readPriceDraft(d: PriceDraft): { model: string; price: ModelPrice } | string[] {
  const problems: string[] = [];
  const model = d.model.trim();
  if (!model) problems.push('Model: write a model id, such as claude-sonnet-4-6.');
  else if (model.length > 200) problems.push('Model: a model id has at most 200 characters.');
  const price = {} as ModelPrice;
  for (const [key, label] of PRICE_FIELDS) {
    const text = d[key].trim();
    const n = Number(text);
    if (text === '' || !Number.isFinite(n))
      problems.push(`${label}: write a number of USD per million tokens, such as 3 or 0.3.`);
    else if (n < 0 || n > MAX_PRICE)
      problems.push(`${label}: a price is between 0 and ${MAX_PRICE} USD per million tokens.`);
    else price[key] = n;
  }
  return problems.length > 0 ? problems : { model, price };
}
