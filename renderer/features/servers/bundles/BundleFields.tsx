// The settings form of a bundle, one control per `user_config` entry: text, a masked field for a
// sensitive one, a number with its min and max, a checkbox, and a path with a "Choose…" button
// (the system's picker) for directories and files; a setting that takes several is one per line.
import type { BundleField } from '../../../../shared/bundle-types';
import { useLenaActions } from '../../../store';

export type Typed = Record<string, string>;

/** The typed text as the install takes it: a list for `multiple`, a boolean for a checkbox. */
export function valuesOf(fields: BundleField[], typed: Typed) {
  const out: Record<string, string | string[] | boolean> = {};
  for (const f of fields) {
    const text = typed[f.key];
    if (f.type === 'boolean') {
      if (text !== undefined) out[f.key] = text === 'true';
      continue;
    }
    if (text === undefined || text.trim() === '') continue;
    out[f.key] = f.multiple
      ? text
          .split('\n')
          .map((x) => x.trim())
          .filter(Boolean)
      : text.trim();
  }
  return out;
}

/** Required settings with neither a value nor a default. */
export function missingOf(fields: BundleField[], typed: Typed): BundleField[] {
  return fields.filter(
    (f) => f.required && f.default === undefined && !(typed[f.key] ?? '').trim(),
  );
}

function Control(props: { field: BundleField; value: string; onChange(v: string): void }) {
  const { field: f, value, onChange } = props;
  const { pickBundlePaths } = useLenaActions();
  const id = `bundle-field-${f.key}`;
  if (f.type === 'boolean')
    return (
      <input
        id={id}
        type="checkbox"
        checked={value === '' ? f.default === true : value === 'true'}
        onChange={(e) => onChange(String(e.target.checked))}
      />
    );
  const choose = async () => {
    const r = await pickBundlePaths(f.type as 'directory' | 'file', f.multiple);
    if (!r.ok || r.value.length === 0) return;
    onChange(f.multiple ? [value.trim(), ...r.value].filter(Boolean).join('\n') : r.value[0]);
  };
  const placeholder =
    f.default !== undefined && !f.sensitive
      ? String(f.default)
      : f.type === 'directory'
        ? '/path/to/folder'
        : f.type === 'file'
          ? '/path/to/file'
          : '';
  const input = f.multiple ? (
    <textarea
      id={id}
      rows={3}
      className={f.type === 'string' ? undefined : 'mono'}
      placeholder={`${placeholder || 'one value'} (one per line)`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  ) : (
    <input
      id={id}
      type={f.sensitive ? 'password' : f.type === 'number' ? 'number' : 'text'}
      className={f.type === 'directory' || f.type === 'file' ? 'mono' : undefined}
      {...(f.min !== undefined ? { min: f.min } : {})}
      {...(f.max !== undefined ? { max: f.max } : {})}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
  );
  if (f.type !== 'directory' && f.type !== 'file') return input;
  return (
    <span className="row">
      {input}
      <button type="button" onClick={() => void choose()}>
        Choose…
      </button>
    </span>
  );
}

export function BundleFields(props: {
  fields: BundleField[];
  typed: Typed;
  onChange(key: string, value: string): void;
}) {
  return (
    <>
      {props.fields.map((f) => (
        <label
          key={f.key}
          className="install-field"
          htmlFor={`bundle-field-${f.key}`}
          data-bundle-field={f.key}
        >
          <span>
            {f.title}
            {f.required && <span className="warning"> *</span>}
            {f.sensitive && <span className="chip">sensitive: kept in the secret store</span>}
            {f.type === 'number' && (f.min !== undefined || f.max !== undefined) && (
              <span className="chip">
                {f.min ?? '…'} to {f.max ?? '…'}
              </span>
            )}
          </span>
          <Control
            field={f}
            value={props.typed[f.key] ?? ''}
            onChange={(v) => props.onChange(f.key, v)}
          />
          <span className="muted small">{f.description}</span>
        </label>
      ))}
    </>
  );
}
