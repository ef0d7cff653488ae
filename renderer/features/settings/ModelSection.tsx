// Model, max tokens, base URL, system prompt, maximum rounds and the read-only auto-approve
// setting, validated as typed and saved together.
import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/settings-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useUnsavedEdits } from '../../components/use-escape';
import { fieldErrors, fieldsOf, patchOf, type ModelFields } from '../../lib/settings-form';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';

// Long: model, limits and request options are one form over one draft, saved together.
export function ModelSection({ settings }: { settings: SettingsView }) {
  const { updateSettings } = useLenaActions();
  const [f, setF] = useState<ModelFields>(() => fieldsOf(settings));
  const [error, setError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setF(fieldsOf(settings)), [settings]);
  const errors = fieldErrors(f);
  const patch = patchOf(f, settings);
  const dirty = Object.keys(patch).length > 0;
  useUnsavedEdits(dirty);
  const set = <K extends keyof ModelFields>(k: K, v: ModelFields[K]) => {
    setF({ ...f, [k]: v });
    setSaved(false);
  };
  const save = async () => {
    const r = await updateSettings(patch);
    setError(r.ok ? null : r.error);
    setSaved(r.ok);
  };
  const field = (k: keyof ModelFields, label: string, input: React.ReactNode) => (
    <label className="field">
      <span>{label}</span>
      {input}
      {errors[k] && (
        <span className="error small" role="alert">
          {errors[k]}
        </span>
      )}
    </label>
  );
  const known = settings.models.some((m) => m.id === f.model);
  return (
    <section className="card" aria-labelledby="model-heading">
      <h2 id="model-heading">Model</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (Object.keys(errors).length === 0) void save();
        }}
      >
        <div className="row wrap">
          <label className="field">
            <span>Model</span>
            <select
              aria-label="Model"
              value={known ? f.model : ''}
              onChange={(e) => e.target.value && set('model', e.target.value)}
            >
              {settings.models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
              <option value="">Other (type its id)</option>
            </select>
          </label>
          {field(
            'model',
            'Model id',
            <input
              className="mono"
              aria-label="Model id"
              value={f.model}
              onChange={(e) => set('model', e.target.value)}
            />,
          )}
        </div>
        <div className="row wrap">
          {field(
            'maxTokens',
            'Max tokens per answer',
            <input
              inputMode="numeric"
              aria-label="Max tokens"
              value={f.maxTokens}
              onChange={(e) => set('maxTokens', e.target.value)}
            />,
          )}
          {field(
            'maxRounds',
            'Maximum tool rounds per turn',
            <input
              inputMode="numeric"
              aria-label="Maximum rounds"
              value={f.maxRounds}
              onChange={(e) => set('maxRounds', e.target.value)}
            />,
          )}
        </div>
        {field(
          'baseUrl',
          'Base URL (empty for Anthropic’s)',
          <input
            className="mono"
            aria-label="Base URL"
            placeholder="https://api.anthropic.com"
            value={f.baseUrl}
            onChange={(e) => set('baseUrl', e.target.value)}
          />,
        )}
        {field(
          'systemPrompt',
          'System prompt',
          <textarea
            aria-label="System prompt"
            rows={4}
            value={f.systemPrompt}
            onChange={(e) => set('systemPrompt', e.target.value)}
          />,
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={f.autoApproveReadOnlyTrusted}
            onChange={(e) => set('autoApproveReadOnlyTrusted', e.target.checked)}
          />
          Run read-only tools of trusted servers without asking
        </label>
        <p className="small muted" id="trusted-explained">
          A server is trusted when you tick “Trusted” on its page under Servers: Lena then believes
          what it says about its tools, such as “read-only”. For any other server those words are
          only claims and never skip a question.
        </p>
        {error && <ErrorNote title="Settings not saved" error={error} />}
        {saved && (
          <p className="ok small" role="status">
            Saved.
          </p>
        )}
        <div className="row">
          <button
            className="primary"
            type="submit"
            disabled={!dirty || Object.keys(errors).length > 0}
          >
            Save
          </button>
          <button type="button" disabled={!dirty} onClick={() => setF(fieldsOf(settings))}>
            Revert
          </button>
        </div>
      </form>
    </section>
  );
}
