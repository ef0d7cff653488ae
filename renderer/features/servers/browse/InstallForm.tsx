// The install form of one registry server: which package or remote, a field for every value it
// needs (required, defaults, choices, paths, secrets), the entry's name, the sandbox for a local
// server, and the command line the entry runs, shown before anything is saved. Nothing runs here.
import { useEffect, useState } from 'react';
import type {
  InstallField,
  InstallPreview,
  RegistryServerDetail,
} from '../../../../shared/install-types';
import { Spinner } from '../../../components/Delayed';
import { ErrorNote } from '../../../components/ErrorNote';
import { useLena, useLenaActions } from '../../../store';
import { registrySelectors } from '../../../store/registry/selectors';
import type { UiError } from '../../../store/result';

type Values = Record<string, string>;

/** Typed values as the install takes them: empty fields left out, a repeated one split at commas. */
function valuesFor(fields: InstallField[], typed: Values): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of fields) {
    const v = typed[f.key]?.trim();
    if (!v) continue;
    out[f.key] = f.repeated
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : v;
  }
  return out;
}

function label(f: InstallField): string {
  const where = f.target === 'env' ? 'env' : f.target === 'header' ? 'header' : 'argument';
  return `${f.name} (${f.target === 'variable' ? 'value' : where})`;
}

function FieldInput(props: { field: InstallField; value: string; onChange(v: string): void }) {
  const { field: f, value, onChange } = props;
  const id = `install-field-${f.key}`;
  return (
    <label className="install-field" htmlFor={id} data-field={f.key}>
      <span>
        {label(f)}
        {f.required && <span className="warning"> *</span>}
        {f.secret && <span className="chip">secret</span>}
      </span>
      {f.choices ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {!f.default && <option value="">—</option>}
          {f.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={f.secret ? 'password' : f.format === 'number' ? 'number' : 'text'}
          className={f.format === 'filepath' ? 'mono' : undefined}
          placeholder={
            f.placeholder ??
            (f.format === 'filepath'
              ? '/path/to/file'
              : f.repeated
                ? 'one, or several separated by commas'
                : (f.default ?? ''))
          }
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
        />
      )}
      {f.description && <span className="muted small">{f.description}</span>}
    </label>
  );
}

// Long: the option, its fields, the name and the preview share one draft.
function Form({ server }: { server: RegistryServerDetail }) {
  const { previewInstall, installFromRegistry, openRegistryServer, openBundle } = useLenaActions();
  const firstUsable = server.options.find((o) => !o.unsupported)?.id ?? '';
  const [optionId, setOptionId] = useState(firstUsable);
  const [typed, setTyped] = useState<Values>({});
  const [name, setName] = useState(server.suggestedName);
  const [sandbox, setSandbox] = useState(false);
  const [preview, setPreview] = useState<InstallPreview | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const option = server.options.find((o) => o.id === optionId);
  // A bundle is downloaded (its SHA-256 checked) and opened in its own sheet.
  const bundle = option?.kind === 'mcpb';
  const fields = option?.fields ?? [];
  const values = valuesFor(fields, typed);
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    if (!option || option.unsupported || option.kind === 'mcpb') return setPreview(null);
    let live = true;
    void previewInstall({ name: server.name, optionId, values }).then((r) => {
      if (live) setPreview(r.ok ? r.value : null);
    });
    return () => {
      live = false;
    };
    // values is rebuilt each render; valuesKey is its content.
  }, [server.name, optionId, valuesKey]);
  const install = async () => {
    setError(null);
    if (bundle) {
      const opened = await openBundle({ registry: server.name, optionId });
      if (!opened.ok) setError(opened.error);
      return;
    }
    const r = await installFromRegistry({
      name: server.name,
      optionId,
      values,
      serverName: name.trim(),
      ...(sandbox && option?.transport === 'stdio' ? { sandbox: true } : {}),
    });
    if (!r.ok) setError(r.error);
  };
  const missing = preview?.missing ?? [];
  return (
    <form
      className="install-form"
      aria-label={`Install ${server.title ?? server.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void install();
      }}
    >
      <div className="row">
        <h2>Install {server.title ?? server.name}</h2>
        <span className="muted small mono">{server.version}</span>
        <span className="spacer" />
        <button type="button" onClick={() => void openRegistryServer(null)}>
          ← Back to the list
        </button>
      </div>
      <p className="muted small mono">{server.name}</p>
      <p>{server.description}</p>
      {server.status === 'deprecated' && (
        <p className="warning">
          Deprecated{server.statusMessage ? `: ${server.statusMessage}` : ''}
        </p>
      )}
      <fieldset>
        <legend>Install from</legend>
        {server.options.map((o) => (
          <label key={o.id} className="install-option" data-option={o.id}>
            <input
              type="radio"
              name="install-option"
              value={o.id}
              checked={optionId === o.id}
              disabled={Boolean(o.unsupported)}
              onChange={() => {
                setOptionId(o.id);
                setTyped({});
              }}
            />
            <span className="mono">{o.label}</span>
            {o.unsupported && <span className="muted small"> — {o.unsupported}</span>}
            {o.missingRunner && <span className="warning small"> — {o.missingRunner}</span>}
          </label>
        ))}
      </fieldset>
      {fields.length > 0 && (
        <fieldset>
          <legend>Values</legend>
          {fields.map((f) => (
            <FieldInput
              key={f.key}
              field={f}
              value={typed[f.key] ?? (f.choices && f.default ? f.default : '')}
              onChange={(v) => setTyped((t) => ({ ...t, [f.key]: v }))}
            />
          ))}
        </fieldset>
      )}
      {bundle && (
        <p className="small">
          A bundle: Lena downloads it, installs it only if its SHA-256 is the one the registry
          gives, and shows what it declares and who signed it before anything is saved.
        </p>
      )}
      <label className="install-field" hidden={bundle}>
        <span>Name in Lena</span>
        <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Server name" />
      </label>
      {option?.transport === 'stdio' && !bundle && (
        <label className="row">
          <input type="checkbox" checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />
          Run it in the sandbox: it writes only to its folder, no network, no keys
        </label>
      )}
      {preview && (
        <div className="install-preview">
          <div className="small muted">
            {option?.transport === 'stdio' ? 'It runs (never through a shell):' : 'It connects to:'}
          </div>
          <pre className="mono" data-command-line>
            {preview.commandLine}
          </pre>
          {preview.secrets.length > 0 && (
            <p className="small">
              Secrets go to the window’s secret store as {preview.secrets.join(', ')}; the entry
              says {'${secret:NAME}'}. The lena command line cannot read the window’s store: set
              them there too with lena secrets set NAME.
            </p>
          )}
        </div>
      )}
      {server.postInstallInstructions && (
        <div className="small">
          <strong>The publisher’s instructions</strong> (Lena runs none of it):
          <p className="mono">{server.postInstallInstructions}</p>
        </div>
      )}
      <p className="small muted">
        A new server starts untrusted: its tools ask before they run until you trust it.
      </p>
      {error && <ErrorNote title="Could not install it" error={error} />}
      <div className="row">
        <span className="spacer" />
        <button
          type="submit"
          className="primary"
          disabled={
            !bundle &&
            (!preview ||
              !option ||
              Boolean(option.unsupported) ||
              missing.length > 0 ||
              !name.trim())
          }
          title={missing.length ? 'Fill in the fields marked *' : undefined}
        >
          {bundle ? 'Download and open…' : 'Install'}
        </button>
      </div>
    </form>
  );
}

export function InstallForm() {
  const detail = useLena(registrySelectors.detail);
  const { openRegistryServer } = useLenaActions();
  if (detail.status === 'error' && detail.error)
    return (
      <ErrorNote title="Could not read this server" error={detail.error}>
        <button onClick={() => void openRegistryServer(null)}>Back to the list</button>
      </ErrorNote>
    );
  if (!detail.value) return <Spinner label="Reading the server…" />;
  return <Form key={detail.value.name} server={detail.value} />;
}
