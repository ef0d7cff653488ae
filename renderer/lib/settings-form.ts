// The model settings form: text fields checked against the same limits core enforces, turned into
// a settings patch of only what changed.
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

const intIn = (text: string, min: number, max: number): number | null => {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : null;
};

/** Field errors, keyed by field; empty when the form can be saved. */
export function fieldErrors(f: ModelFields): Partial<Record<keyof ModelFields, string>> {
  const errors: Partial<Record<keyof ModelFields, string>> = {};
  if (f.model.trim() === '') errors.model = 'Choose a model or type a model id.';
  if (intIn(f.maxTokens, 1, 200_000) === null) errors.maxTokens = 'A whole number from 1 to 200000.';
  if (intIn(f.maxRounds, 1, 200) === null) errors.maxRounds = 'A whole number from 1 to 200.';
  if (f.baseUrl.trim() !== '') {
    try {
      const u = new URL(f.baseUrl.trim());
      if (u.protocol !== 'https:' && u.protocol !== 'http:') errors.baseUrl = 'An http(s) URL, such as https://api.anthropic.com.';
    } catch {
      errors.baseUrl = 'Not a URL: write it like https://api.anthropic.com, or leave it empty for the default.';
    }
  }
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
  if (f.autoApproveReadOnlyTrusted !== saved.autoApproveReadOnlyTrusted) patch.autoApproveReadOnlyTrusted = f.autoApproveReadOnlyTrusted;
  return patch;
}
