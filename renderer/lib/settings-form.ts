// The model settings form: text fields checked with the very schema `settings:update` validates
// its argument with (shared/contract-schemas.ts) and core's base-URL rule, turned into a settings
// patch of only what changed. No limit is written here, so the form and core cannot disagree.
import { baseUrlProblem } from '../../shared/base-url';
import { settingsPatch } from '../../shared/contract-schemas';
import type { SettingsPatch, SettingsView } from '../../shared/settings-types';

export interface ModelFields {
  model: string;
  maxTokens: string;
  maxRounds: string;
  baseUrl: string;
  systemPrompt: string;
  autoApproveReadOnlyTrusted: boolean;
}

export const fieldsOf = (s: SettingsView): ModelFields => ({
  model: s.model,
  maxTokens: String(s.maxTokens),
  maxRounds: String(s.maxRounds),
  baseUrl: s.baseUrl ?? '',
  systemPrompt: s.systemPrompt,
  autoApproveReadOnlyTrusted: s.autoApproveReadOnlyTrusted,
});

const rules = settingsPatch.shape;
const maxTokens = rules.maxTokens.unwrap();
const maxRounds = rules.maxRounds.unwrap();
const model = rules.model.unwrap();
const systemPrompt = rules.systemPrompt.unwrap();

/** A whole number the schema accepts, or null. */
const wholeNumber = (text: string, schema: typeof maxTokens): number | null => {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && schema.safeParse(n).success ? n : null;
};
const range = (schema: typeof maxTokens) =>
  `A whole number from ${schema.minValue} to ${schema.maxValue}.`;
const sentence = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}.`;

/** Field errors, keyed by field; empty when the form can be saved. */
export function fieldErrors(f: ModelFields): Partial<Record<keyof ModelFields, string>> {
  const errors: Partial<Record<keyof ModelFields, string>> = {};
  if (f.model.trim() === '') errors.model = 'Choose a model or type a model id.';
  else if (!model.safeParse(f.model.trim()).success)
    errors.model = `A model id has at most ${model.maxLength} characters.`;
  if (wholeNumber(f.maxTokens, maxTokens) === null) errors.maxTokens = range(maxTokens);
  if (wholeNumber(f.maxRounds, maxRounds) === null) errors.maxRounds = range(maxRounds);
  if (!systemPrompt.safeParse(f.systemPrompt).success)
    errors.systemPrompt = `At most ${systemPrompt.maxLength} characters.`;
  const problem = f.baseUrl.trim() === '' ? null : baseUrlProblem(f.baseUrl.trim());
  if (problem) errors.baseUrl = sentence(problem);
  return errors;
}

/** The patch of fields that differ from the saved settings. */
export function patchOf(f: ModelFields, saved: SettingsView): SettingsPatch {
  const patch: SettingsPatch = {};
  if (f.model.trim() !== saved.model) patch.model = f.model.trim();
  if (Number(f.maxTokens) !== saved.maxTokens) patch.maxTokens = Number(f.maxTokens);
  if (Number(f.maxRounds) !== saved.maxRounds) patch.maxRounds = Number(f.maxRounds);
  const base = f.baseUrl.trim() === '' ? null : f.baseUrl.trim();
  if (base !== saved.baseUrl) patch.baseUrl = base;
  if (f.systemPrompt !== saved.systemPrompt) patch.systemPrompt = f.systemPrompt;
  if (f.autoApproveReadOnlyTrusted !== saved.autoApproveReadOnlyTrusted)
    patch.autoApproveReadOnlyTrusted = f.autoApproveReadOnlyTrusted;
  return patch;
}
