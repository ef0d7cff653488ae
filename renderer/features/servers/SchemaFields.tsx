// The fields of a run-by-hand form, drawn from the tool's input schema (renderer/lib/schema-form):
// required fields marked, enums as selects, numbers and booleans typed, objects and arrays as
// nested groups, a JSON box where the schema is too complex; each problem beside its field.
import { useId } from 'react';
import {
  newItem,
  optionLabel,
  pathOf,
  type FieldNode,
  type FormErrors,
  type FormValue,
} from '../../lib/schema-form';

interface Props {
  node: FieldNode;
  value: FormValue;
  path: string;
  errors: FormErrors;
  onChange(value: FormValue): void;
  /** The label an array item gets ("Item 2 of items"). */
  label?: string;
}

function Label({ text, required }: { text: string; required: boolean }) {
  return (
    <span className="schema-label">
      {text}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </span>
  );
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="field-error small">
      {text}
    </span>
  ) : null;
}

// Long: one branch of markup per JSON Schema node kind; the branches recurse into each other.
export function SchemaField({ node, value, path, errors, onChange, label }: Props) {
  const id = useId();
  const error = errors[path];
  const name = label ?? node.label;
  const described =
    [node.description ? `${id}-desc` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': node.required || undefined,
  } as const;
  const help = node.description && (
    <span id={`${id}-desc`} className="muted small">
      {node.description}
    </span>
  );

  if (node.kind === 'object') {
    const values = (
      value && typeof value === 'object' && !Array.isArray(value) ? value : {}
    ) as Record<string, FormValue>;
    const fields = node.fields.map((f) => (
      <SchemaField
        key={f.key}
        node={f}
        value={values[f.key] ?? ''}
        path={pathOf(path, f.key)}
        errors={errors}
        onChange={(v) => onChange({ ...values, [f.key]: v })}
      />
    ));
    if (path === '') return <div className="schema-fields">{fields}</div>;
    return (
      <fieldset className="schema-group" aria-describedby={described}>
        <legend>
          <Label text={name} required={node.required} />
        </legend>
        {help}
        {fields}
        <Problem id={`${id}-err`} text={error} />
      </fieldset>
    );
  }
  if (node.kind === 'array') {
    const items = Array.isArray(value) ? value : [];
    const full = node.maxItems !== undefined && items.length >= node.maxItems;
    return (
      <fieldset className="schema-group" aria-describedby={described}>
        <legend>
          <Label text={name} required={node.required} />
        </legend>
        {help}
        {items.map((item, i) => (
          <div key={i} className="schema-item">
            <SchemaField
              node={node.item}
              value={item}
              path={pathOf(path, i)}
              errors={errors}
              label={`${name} ${i + 1}`}
              onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))}
            />
            <button
              type="button"
              className="small-button"
              aria-label={`Remove ${name} ${i + 1}`}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="small-button"
          disabled={full}
          onClick={() => onChange([...items, newItem(node)])}
        >
          + Add {name === '' ? 'item' : `to ${name}`}
        </button>
        <Problem id={`${id}-err`} text={error} />
      </fieldset>
    );
  }
  let input;
  switch (node.kind) {
    case 'string':
      input = (
        <input
          {...common}
          type={node.format === 'email' ? 'email' : node.format === 'uri' ? 'url' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'number':
      input = (
        <input
          {...common}
          type="number"
          inputMode={node.integer ? 'numeric' : 'decimal'}
          step={node.integer ? 1 : 'any'}
          min={node.minimum}
          max={node.maximum}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'boolean':
      // A required yes/no is a checkbox; an optional one can also be left unset (not sent).
      if (node.required) {
        return (
          <div className="schema-field">
            <label className="check">
              <input
                {...common}
                type="checkbox"
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
              />{' '}
              <Label text={name} required />
            </label>
            {help}
            <Problem id={`${id}-err`} text={error} />
          </div>
        );
      }
      input = (
        <select
          {...common}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value === 'true')}
        >
          <option value="">(not set)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
      break;
    case 'enum':
      input = (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{node.required ? 'Choose…' : '(not set)'}</option>
          {node.options.map((o, i) => (
            <option key={i} value={String(i)}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      );
      break;
    case 'json':
      input = (
        <textarea
          {...common}
          className="mono"
          rows={3}
          spellCheck={false}
          placeholder={`JSON (${node.why})`}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
  }
  return (
    <div className="schema-field">
      <label htmlFor={id}>
        <Label text={name} required={node.required} />
        {node.kind === 'json' && <span className="muted small"> · JSON</span>}
      </label>
      {input}
      {help}
      <Problem id={`${id}-err`} text={error} />
    </div>
  );
}
