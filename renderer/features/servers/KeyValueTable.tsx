// Environment variables or headers: a key/value table with masked values, reveal, and "keep in
// the secret store" which stores the value and writes `${secret:NAME}` in its place.
import { useState } from 'react';
import { isReference, secretNameFor, type KeyValue } from '../../lib/entry-form';
import { useLenaActions } from '../../store';

export interface KeyValueTableProps {
  label: string;
  rows: KeyValue[];
  onChange(rows: KeyValue[]): void;
  server: string;
  keyPlaceholder: string;
}

// Long: editable rows with masking, reveal, add and remove over one rows state.
export function KeyValueTable({
  label,
  rows,
  onChange,
  server,
  keyPlaceholder,
}: KeyValueTableProps) {
  const { setSecret } = useLenaActions();
  const [revealed, setRevealed] = useState<Record<number, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<KeyValue>) =>
    onChange(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));
  const keepSecret = async (i: number) => {
    const row = rows[i];
    if (!server) return setError('Give the server a name first: the secret is named after it.');
    const name = secretNameFor(server, row.key);
    const r = await setSecret(name, row.value);
    if (!r.ok)
      return setError(`Could not store ${row.key} in the secret store: ${r.error.message}`);
    setError(null);
    update(i, { value: `\${secret:${name}}` });
  };
  return (
    <fieldset className="kv-table">
      <legend>{label}</legend>
      {rows.map((row, i) => (
        <div className="row" key={i}>
          <input
            aria-label={`${label} name ${i + 1}`}
            placeholder={keyPlaceholder}
            value={row.key}
            onChange={(e) => update(i, { key: e.target.value })}
            className="mono"
          />
          <input
            aria-label={`${label} value ${i + 1}`}
            type={revealed[i] || isReference(row.value) ? 'text' : 'password'}
            value={row.value}
            autoComplete="off"
            onChange={(e) => update(i, { value: e.target.value })}
            className="mono grow"
          />
          <button
            type="button"
            className="small-button"
            onClick={() => setRevealed({ ...revealed, [i]: !revealed[i] })}
            aria-label={`${revealed[i] ? 'Hide' : 'Reveal'} ${row.key || 'value'}`}
          >
            {revealed[i] ? 'Hide' : 'Reveal'}
          </button>
          {!isReference(row.value) && row.value !== '' && row.key !== '' && (
            <button
              type="button"
              className="small-button"
              title="Store the value in the secret store and write ${secret:NAME} in the file"
              onClick={() => void keepSecret(i)}
            >
              Keep as secret
            </button>
          )}
          <button
            type="button"
            className="ghost icon"
            aria-label={`Remove ${row.key || 'row'}`}
            onClick={() => onChange(rows.filter((_, n) => n !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small-button"
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        + Add
      </button>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
