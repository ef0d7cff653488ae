// Pieces of the project-server approval: a template with its `${…}` references highlighted (and
// where each value comes from), a masked credential with Reveal, and the list of references the
// user grants one by one.
import { useState } from 'react';
import type {
  ApprovalFieldView,
  ApprovalReferenceView,
  ApprovalSandboxView,
} from '../../../shared/server-types';
import { Marked } from '../../components/Marked';

/** Where each reference's value comes from, by grant key. */
export type Sources = ReadonlyMap<string, string>;

/** Text with the `${…}` tokens of known references marked; other text passes through Marked (hidden characters flagged). */
export function Highlighted({
  text,
  tokens,
  sources,
  inline,
}: {
  text: string;
  tokens: ReadonlyMap<string, string>;
  sources: Sources;
  inline: boolean;
}) {
  const pieces = text.split(/(\$\{[^}]*\})/);
  return (
    <>
      {pieces.map((piece, i) => {
        const key = i % 2 === 1 ? tokens.get(piece) : undefined;
        if (key === undefined) return <Marked key={i} text={piece} />;
        const source = sources.get(key) ?? '';
        return (
          <mark key={i} className="ref" title={`from ${source}`}>
            {piece}
            {inline && <span className="ref-source"> ← {source}</span>}
          </mark>
        );
      })}
    </>
  );
}

/** One env value, header template or the URL: full text, or masked until Reveal. */
export function FieldValue({
  field,
  tokens,
  sources,
}: {
  field: ApprovalFieldView;
  tokens: ReadonlyMap<string, string>;
  sources: Sources;
}) {
  const [revealed, setRevealed] = useState(false);
  const full = field.parts.map((p) => p.text).join('');
  const hidden = field.masked !== null && !revealed;
  return (
    <span className="field-value">
      <span className="mono">
        {hidden ? (
          field.masked
        ) : (
          <Highlighted text={full} tokens={tokens} sources={sources} inline />
        )}
      </span>
      {field.masked !== null && (
        <button
          className="ghost small"
          aria-label={`${revealed ? 'Hide' : 'Reveal'} ${field.where}`}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </button>
      )}
      {hidden && <span className="muted small"> looks like a credential</span>}
      {field.risk && <span className="warning small"> ⚠ {field.risk}</span>}
    </span>
  );
}

/** Name = value rows for env or headers. */
export function FieldTable({
  label,
  fields,
  separator,
  tokens,
  sources,
}: {
  label: string;
  fields: ApprovalFieldView[];
  separator: string;
  tokens: ReadonlyMap<string, string>;
  sources: Sources;
}) {
  if (fields.length === 0) return <p className="small">{label}: none</p>;
  return (
    <>
      <div className="muted small">{label}</div>
      <ul className="approval-fields" aria-label={label} role="list">
        {fields.map((f) => (
          <li key={f.where}>
            <span className="mono">{f.name}</span>
            {separator}
            <FieldValue field={f} tokens={tokens} sources={sources} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The sandbox the server will run under. An entry without a `sandbox` field gets the default, with
 * a ticked "Run in the sandbox" the user may untick (recorded with the approval).
 */
export function ApprovalSandbox({
  sandbox,
  on,
  onChange,
}: {
  sandbox: ApprovalSandboxView;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  if (!sandbox.optional)
    return (
      <p className="small" aria-label="Sandbox">
        {sandbox.policy === 'off'
          ? `Not sandboxed: ${sandbox.summary}`
          : `Sandboxed${sandbox.policy === 'own' ? ' (the entry’s own policy)' : ''}: ${sandbox.summary}`}
      </p>
    );
  return (
    <div className="small" role="group" aria-label="Sandbox">
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} /> Run in
        the sandbox (the default for a project server)
      </label>
      <div className={on ? 'muted' : 'warning'}>
        {on
          ? `Sandboxed: ${sandbox.summary}`
          : '⚠ Runs without the sandbox: it gets your own rights to files and the network. Your choice is recorded with this approval.'}
      </div>
    </div>
  );
}

/** The references, each with its own checkbox; the Anthropic API key cannot be ticked. */
export function GrantList({
  references,
  granted,
  onChange,
}: {
  references: ApprovalReferenceView[];
  granted: ReadonlySet<string>;
  onChange: (key: string, on: boolean) => void;
}) {
  if (references.length === 0) return null;
  return (
    <fieldset className="grants">
      <legend>Secrets and variables this server asks for</legend>
      <p className="muted small">
        Tick each one you want this project server to receive. It does not start while it uses one
        you did not grant.
      </p>
      {references.map((r) => (
        <label key={r.key} className="grant">
          <input
            type="checkbox"
            checked={r.blocked === null && granted.has(r.key)}
            disabled={r.blocked !== null}
            onChange={(e) => onChange(r.key, e.target.checked)}
          />
          <mark className="ref mono">{r.token}</mark>
          <span className="small">
            {' '}
            from {r.source} · used in {r.where.join(', ')}
          </span>
          {r.blocked && <span className="warning small"> ⚠ {r.blocked}</span>}
        </label>
      ))}
    </fieldset>
  );
}
