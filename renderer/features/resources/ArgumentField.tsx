// One argument of a resource template or a prompt, with the server's completions
// (completion/complete) offered as the user types; the other fields' values go along as context.
import { useEffect, useRef, useState } from 'react';
import type { CompletionRef } from '../../../shared/mcp-types';
import { useLenaActions } from '../../store';

interface Props {
  server: string;
  ref_: CompletionRef;
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  value: string;
  values: Record<string, string>;
  completions: boolean;
  onChange(value: string): void;
  autoFocus?: boolean;
}

// Long: a field with its completion list, over one input's focus and options.
export function ArgumentField({
  server,
  ref_,
  name,
  label,
  description,
  required,
  value,
  values,
  completions,
  onChange,
  autoFocus,
}: Props) {
  const { complete } = useLenaActions();
  const [options, setOptions] = useState<string[]>([]);
  const [focused, setFocused] = useState(false);
  const asked = useRef(0);
  const refKey = JSON.stringify(ref_);
  const context = JSON.stringify(
    Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== name && v !== '')),
  );
  useEffect(() => {
    if (!completions || !focused) return;
    const seq = ++asked.current;
    void complete(
      server,
      JSON.parse(refKey) as CompletionRef,
      { name, value },
      JSON.parse(context) as Record<string, string>,
    ).then((c) => {
      if (seq === asked.current) setOptions(c.values.filter((v) => v !== value).slice(0, 20));
    });
  }, [completions, focused, server, refKey, name, value, context, complete]);
  const id = `arg-${name}`;
  const listId = `${id}-options`;
  return (
    <div className="field argument-field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input
        id={id}
        value={value}
        required={required}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-describedby={description ? `${id}-help` : undefined}
        aria-controls={options.length ? listId : undefined}
        onFocus={() => setFocused(true)}
        onChange={(e) => onChange(e.target.value)}
      />
      {description && (
        <span id={`${id}-help`} className="muted small">
          {description}
        </span>
      )}
      {focused && options.length > 0 && (
        // A list of buttons (Tab reaches them), not a listbox: an option cannot hold a button.
        <ul id={listId} className="argument-options" aria-label={`Suggestions for ${label}`}>
          {options.map((o) => (
            <li key={o}>
              <button
                type="button"
                className="ghost"
                onClick={() => {
                  onChange(o);
                  setOptions([]);
                }}
              >
                {o}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
