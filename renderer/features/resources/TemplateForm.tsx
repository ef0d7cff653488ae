// A resource template filled in by its variables (with completions), then read or attached.
import { useState } from 'react';
import type { ResourceTemplate } from '../../../shared/mcp-types';
import { expandUriTemplate, templateVariables } from '../../../shared/uri-template';
import { ArgumentField } from './ArgumentField';

export function TemplateForm({
  server,
  template,
  completions,
  onRead,
  onAttach,
}: {
  server: string;
  template: ResourceTemplate;
  completions: boolean;
  onRead(uri: string): void;
  onAttach?(uri: string): void;
}) {
  const names = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(names.map((n) => [n, ''])),
  );
  const complete = names.every((n) => values[n] !== '');
  const uri = expandUriTemplate(template.uriTemplate, values);
  return (
    <form
      className="template-form"
      aria-label={`Fill in ${template.title ?? template.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onRead(uri);
      }}
    >
      {names.map((n, i) => (
        <ArgumentField
          key={n}
          server={server}
          ref_={{ type: 'ref/resource', uri: template.uriTemplate }}
          name={n}
          label={n}
          value={values[n]}
          values={values}
          completions={completions}
          required
          autoFocus={i === 0}
          onChange={(v) => setValues((old) => ({ ...old, [n]: v }))}
        />
      ))}
      <p className="muted small mono">{uri}</p>
      <div className="row">
        <button type="submit" disabled={!complete}>
          Read
        </button>
        {onAttach && (
          <button type="button" disabled={!complete} onClick={() => onAttach(uri)}>
            Attach
          </button>
        )}
      </div>
    </form>
  );
}
