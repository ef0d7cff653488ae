// A server prompt's arguments before it runs, with the server's completions as the user types.
// "Run prompt" gets its messages and shows them (PromptPreview); only Send there inserts them into
// the conversation, marked as the server's, and Cancel or Escape leaves everything as it was.
import { useState } from 'react';
import type { PromptCommand, PromptPreview } from '../../../shared/resource-types';
import { useLenaActions } from '../../store';
import { ArgumentField } from '../resources/ArgumentField';
import { commandName } from './prompt-commands';
import { PromptPreviewView } from './PromptPreview';

// Long: arguments with completions, the preview and the send share the form's values.
export function PromptForm({ command, onDone }: { command: PromptCommand; onDone(): void }) {
  const args = command.prompt.arguments ?? [];
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(args.map((a) => [a.name, ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PromptPreview | null>(null);
  const { previewPrompt, runPrompt } = useLenaActions();
  const missing = args.filter((a) => a.required && !values[a.name]).map((a) => a.name);
  const submit = async () => {
    if (missing.length > 0 || busy) return;
    setBusy(true);
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const r = await previewPrompt(command.server, command.prompt.name, given);
    setBusy(false);
    if (r.ok) {
      setError(null);
      setPreview(r.value);
    } else setError(r.error.message);
  };
  const send = async (previewId: string) => {
    setBusy(true);
    const r = await runPrompt(previewId);
    setBusy(false);
    if (r.ok) onDone();
    else setError(r.error.message);
  };
  if (preview)
    return (
      <PromptPreviewView
        preview={preview}
        busy={busy}
        error={error}
        onSend={() => void send(preview.previewId)}
        onCancel={onDone}
      />
    );
  return (
    <form
      className="prompt-form"
      aria-label={`Run ${commandName(command)}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <div className="row">
        <strong className="mono">{commandName(command)}</strong>
        <span className="muted small">
          {command.prompt.title && command.prompt.title !== command.prompt.name
            ? command.prompt.title
            : ''}
        </span>
      </div>
      {command.prompt.description && <p className="small">{command.prompt.description}</p>}
      {args.map((a, i) => (
        <ArgumentField
          key={a.name}
          server={command.server}
          ref_={{ type: 'ref/prompt', name: command.prompt.name }}
          name={a.name}
          label={a.name}
          description={a.description}
          required={a.required}
          value={values[a.name]}
          values={values}
          completions={command.completions}
          autoFocus={i === 0}
          onChange={(v) => setValues((old) => ({ ...old, [a.name]: v }))}
        />
      ))}
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        {/* With no argument to fill in, focus waits on Run prompt (the first field has it otherwise). */}
        <button
          type="submit"
          className="primary"
          disabled={missing.length > 0 || busy}
          autoFocus={args.length === 0}
        >
          Run prompt
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        {missing.length > 0 && <span className="muted small">Needs {missing.join(', ')}</span>}
      </div>
    </form>
  );
}
