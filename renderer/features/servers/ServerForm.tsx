// The server form: transport, command and arguments (a pasted command line is split into both),
// working directory, environment, URL and headers, timeouts, enabled.
import type { ClipboardEvent } from 'react';
import { SERVER_TYPES } from '../../../shared/server-config';
import { looksLikeCommandLine, splitCommandLine } from '../../lib/command-line';
import type { EntryForm } from '../../lib/entry-form';
import { ArgsList } from './ArgsList';
import { KeyValueTable } from './KeyValueTable';
import { OAuthFields } from './OAuthFields';

export interface ServerFormProps {
  form: EntryForm;
  onChange(form: EntryForm): void;
  server: string;
}

const TRANSPORT_LABEL = {
  stdio: 'Local command (stdio)',
  http: 'Streamable HTTP',
  sse: 'HTTP + SSE (older)',
} as const;

// Long: one form over one entry draft, a short section per field, all sharing `set`.
export function ServerForm({ form, onChange, server }: ServerFormProps) {
  const set = <K extends keyof EntryForm>(key: K, value: EntryForm[K]) =>
    onChange({ ...form, [key]: value });
  // A whole command line typed into Command: previewed while typing, split when leaving the field.
  const typedSplit =
    form.transport === 'stdio' && looksLikeCommandLine(form.command)
      ? splitCommandLine(form.command.trim())
      : null;
  const splitTyped = () => {
    if (typedSplit?.ok && typedSplit.words.length > 1)
      onChange({
        ...form,
        command: typedSplit.words[0],
        args: [...typedSplit.words.slice(1), ...form.args],
      });
  };
  const onPasteCommand = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!looksLikeCommandLine(text)) return;
    const split = splitCommandLine(text.trim());
    if (!split.ok) return;
    e.preventDefault();
    e.stopPropagation();
    onChange({ ...form, command: split.words[0], args: split.words.slice(1) });
  };
  return (
    <div className="server-form">
      <div role="radiogroup" aria-label="Transport" className="segmented">
        {SERVER_TYPES.map((t) => (
          <button
            type="button"
            key={t}
            role="radio"
            aria-checked={form.transport === t}
            className={form.transport === t ? 'selected' : ''}
            onClick={() => set('transport', t)}
          >
            {TRANSPORT_LABEL[t]}
          </button>
        ))}
      </div>
      {form.transport === 'stdio' ? (
        <>
          <label className="field">
            <span>Command</span>
            <input
              className="mono"
              value={form.command}
              onChange={(e) => set('command', e.target.value)}
              onPaste={onPasteCommand}
              onBlur={splitTyped}
              aria-describedby="command-split-preview"
              placeholder="npx (paste or type a whole command line to fill the arguments too)"
            />
          </label>
          {typedSplit?.ok && typedSplit.words.length > 1 && (
            <p
              id="command-split-preview"
              className="muted small command-split"
              data-testid="command-split-preview"
            >
              Splits into command <code>{typedSplit.words[0]}</code> and{' '}
              {typedSplit.words.length - 1} argument{typedSplit.words.length > 2 ? 's' : ''}:{' '}
              {typedSplit.words.slice(1).map((w, i) => (
                <code key={i}>{w}</code>
              ))}{' '}
              (when you leave the field)
            </p>
          )}
          <ArgsList args={form.args} onChange={(args) => set('args', args)} />
          <label className="field">
            <span>Working directory</span>
            <input
              className="mono"
              value={form.cwd}
              onChange={(e) => set('cwd', e.target.value)}
              placeholder="(Lena’s default)"
            />
          </label>
          <KeyValueTable
            label="Environment"
            rows={form.env}
            onChange={(env) => set('env', env)}
            server={server}
            keyPlaceholder="NAME"
          />
        </>
      ) : (
        <>
          <label className="field">
            <span>URL</span>
            <input
              className="mono"
              value={form.url}
              onChange={(e) => set('url', e.target.value)}
              placeholder="https://example.com/mcp"
            />
          </label>
          <KeyValueTable
            label="Headers"
            rows={form.headers}
            onChange={(headers) => set('headers', headers)}
            server={server}
            keyPlaceholder="Authorization"
          />
          <OAuthFields value={form.oauth} onChange={(oauth) => set('oauth', oauth)} />
        </>
      )}
      <div className="row wrap">
        <label className="field small-field">
          <span>Request timeout (s)</span>
          <input
            inputMode="decimal"
            value={form.timeout}
            placeholder="60"
            onChange={(e) => set('timeout', e.target.value)}
          />
        </label>
        <label className="field small-field">
          <span>Startup timeout (s)</span>
          <input
            inputMode="decimal"
            value={form.startupTimeout}
            placeholder="120"
            onChange={(e) => set('startupTimeout', e.target.value)}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set('enabled', e.target.checked)}
          />{' '}
          Enabled
        </label>
      </div>
    </div>
  );
}
