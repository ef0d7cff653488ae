// A server's configuration as a form or as JSON (the entry, or its whole file). The entry comes
// from the file on disk when core can show it, so values are edited as written, not masked.
import { useEffect, useMemo, useState } from 'react';
import type { ServerEntry } from '../../../shared/server-config';
import type { ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useUnsavedEdits } from '../../components/use-escape';
import { entryFromForm, formFromEntry } from '../../lib/entry-form';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import type { UiError } from '../../store/result';
import { JsonTab } from './JsonTab';
import { ServerForm } from './ServerForm';

type Mode = 'form' | 'json' | 'file';

function entryInFile(text: string | null | undefined, name: string): ServerEntry | null {
  if (!text) return null;
  try {
    const doc = JSON.parse(text) as { mcpServers?: Record<string, ServerEntry> };
    return doc.mcpServers?.[name] ?? null;
  } catch {
    return null;
  }
}

function FormMode({ server, base }: { server: ServerStatus; base: ServerEntry | null }) {
  const { updateServer, setServerTrusted: setTrusted } = useLenaActions();
  const [form, setForm] = useState(() => formFromEntry(base));
  const [error, setError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setForm(formFromEntry(base)), [base]);
  // Save only when something changed; leaving the page with changes asks first.
  const dirty = JSON.stringify(form) !== JSON.stringify(formFromEntry(base));
  useUnsavedEdits(dirty);
  const save = async () => {
    const r = await updateServer(server.name, entryFromForm(form, base));
    setError(r.ok ? null : r.error);
    setSaved(r.ok);
  };
  return (
    <>
      <ServerForm
        form={form}
        onChange={(f) => {
          setForm(f);
          setSaved(false);
        }}
        server={server.name}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={server.trusted}
          onChange={(e) =>
            void setTrusted(server.name, e.target.checked).then((r) =>
              setError(r.ok ? null : r.error),
            )
          }
        />
        Trusted (kept in your settings, never in the entry)
      </label>
      {error && <ErrorNote title="Not saved" error={error} />}
      {saved && (
        <p className="ok small" role="status">
          Saved. The server restarts with the new configuration.
        </p>
      )}
      <div className="row">
        <button className="primary" disabled={!dirty} onClick={() => void save()}>
          Save
        </button>
        <button disabled={!dirty} onClick={() => setForm(formFromEntry(base))}>
          Revert
        </button>
      </div>
    </>
  );
}

export function ConfigTab({ server }: { server: ServerStatus }) {
  const files = useLena(serversSelectors.configFiles);
  const filesError = useLena(serversSelectors.configFilesError);
  const { loadConfigFiles, updateServer, saveConfigFile } = useLenaActions();
  const [mode, setMode] = useState<Mode>('form');
  useEffect(() => void loadConfigFiles(), [loadConfigFiles]);
  const file = files?.find((f) => f.path === server.file) ?? null;
  const base = useMemo(
    () => entryInFile(file?.text, server.name) ?? server.entry,
    [file, server.name, server.entry],
  );
  const entryMode = useMemo(() => ({ kind: 'entry' as const, name: server.name }), [server.name]);
  const fileMode = useMemo(() => ({ kind: 'file' as const }), []);
  return (
    <div className="config-tab">
      <div role="tablist" aria-label="Configuration view" className="segmented">
        {(['form', 'json', 'file'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? 'selected' : ''}
            onClick={() => setMode(m)}
          >
            {m === 'form' ? 'Form' : m === 'json' ? 'JSON' : 'Whole file'}
          </button>
        ))}
      </div>
      {!file && filesError && (
        <p className="muted small">
          The file on disk could not be read ({filesError.message}); editing the entry as core
          reports it, with secret values masked.
        </p>
      )}
      {mode === 'form' && <FormMode server={server} base={base} />}
      {mode === 'json' && (
        <JsonTab
          key={server.name}
          saved={JSON.stringify(base ?? {}, null, 2)}
          mode={entryMode}
          onSave={async (_text, entry) => {
            const r = await updateServer(server.name, entry ?? {});
            return r.ok ? null : r.error;
          }}
        />
      )}
      {mode === 'file' &&
        (file && (file.scope === 'user' || file.scope === 'project') ? (
          <JsonTab
            key={file.path}
            saved={file.text ?? '{\n  "mcpServers": {}\n}\n'}
            mode={fileMode}
            onSave={async (text) => {
              const r = await saveConfigFile(file.scope, text);
              return r.ok ? null : r.error;
            }}
          />
        ) : (
          <ErrorNote
            title="The configuration file is not available"
            error={filesError ?? { message: `No editable file for ${server.file}.` }}
          />
        ))}
    </div>
  );
}
