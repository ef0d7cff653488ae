// A project server awaiting approval: everything it would run (env values and header templates
// in full, each `${…}` reference marked with where its value comes from, credentials masked until
// revealed), the risks, and the secrets and variables to grant one by one; then Approve / Reject.
import { EarlierDecision } from './EarlierDecision';
import { useMemo, useState } from 'react';
import type { ProjectApprovalView, ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { joinCommandLine } from '../../lib/command-line';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';
import { ApprovalSandbox, FieldTable, FieldValue, GrantList, Highlighted } from './ApprovalFields';

/** Every reference token as written (`${PORT:-8080}`) → its grant key (`PORT`). */
function tokensOf(a: ProjectApprovalView): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const f of [
    ...a.argFields,
    ...a.env,
    ...a.headers,
    ...(a.urlField ? [a.urlField] : []),
    ...a.oauth,
  ]) {
    for (const p of f.parts) if (p.ref !== null) tokens.set(p.text, p.ref);
  }
  return tokens;
}

// Long: shows the whole entry, its risks and grants, and answers, over one grants state.
export function ApprovalView({ server }: { server: ServerStatus }) {
  const { approveServer } = useLenaActions();
  const [error, setError] = useState<UiError | null>(null);
  const a = server.approval;
  const [granted, setGranted] = useState<Set<string>>(
    () => new Set(a?.references.filter((r) => r.granted).map((r) => r.key)),
  );
  const [revealArgs, setRevealArgs] = useState(false);
  const [sandboxed, setSandboxed] = useState(true);
  const tokens = useMemo(() => (a ? tokensOf(a) : new Map<string, string>()), [a]);
  const sources = useMemo(() => new Map((a?.references ?? []).map((r) => [r.key, r.source])), [a]);
  if (!a)
    return (
      <p className="muted">
        This server waits for approval, but core sent no details; reload the servers.
      </p>
    );
  const decide = async (approve: boolean) => {
    const grants = approve
      ? a.references.filter((r) => r.blocked === null && granted.has(r.key)).map((r) => r.key)
      : [];
    const keepSandbox = !(approve && a.sandbox?.optional && !sandboxed);
    const r = await approveServer(server.name, approve, a.entryHash, grants, keepSandbox);
    setError(r.ok ? null : r.error);
  };
  const toggle = (key: string, on: boolean) =>
    setGranted((g) => {
      const next = new Set(g);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const maskedArgs = a.argFields.some((f) => f.masked !== null);
  const commandLine =
    a.command === null
      ? ''
      : joinCommandLine([
          a.command,
          ...a.argFields.map((f) =>
            f.masked !== null && !revealArgs ? f.masked : f.parts.map((p) => p.text).join(''),
          ),
        ]);
  const ungranted = a.references.filter((r) => r.blocked === null && !granted.has(r.key));
  return (
    <section className="approval card" aria-labelledby="approval-title">
      <h2 id="approval-title">Start “{a.name}” from this project?</h2>
      <p className="muted">
        The project’s <span className="mono">.mcp.json</span> asks Lena to run this. Nothing runs
        until you approve it.
      </p>
      {server.error && <p className="small">{server.error.message}</p>}
      {a.earlier && <EarlierDecision earlier={a.earlier} />}
      {a.risks.length > 0 && (
        <ul className="risks" aria-label="Risks" role="list">
          {a.risks.map((r, i) => (
            <li key={i} className="warning">
              ⚠ {r.message} <span className="mono small">({r.pattern})</span>
            </li>
          ))}
        </ul>
      )}
      {a.command !== null ? (
        <>
          <div className="muted small">Command</div>
          <pre className="command-preview">
            <Highlighted text={commandLine} tokens={tokens} sources={sources} inline={false} />
          </pre>
          {maskedArgs && (
            <p className="small">
              Some arguments look like credentials and are masked.{' '}
              <button className="ghost small" onClick={() => setRevealArgs(!revealArgs)}>
                {revealArgs ? 'Hide' : 'Reveal'} arguments
              </button>
            </p>
          )}
          {a.cwd && (
            <p className="small">
              Working directory: <span className="mono">{a.cwd}</span>
            </p>
          )}
          {a.sandbox && (
            <ApprovalSandbox sandbox={a.sandbox} on={sandboxed} onChange={setSandboxed} />
          )}
          <FieldTable
            label="Environment variables"
            fields={a.env}
            separator=" = "
            tokens={tokens}
            sources={sources}
          />
        </>
      ) : (
        <>
          <div className="muted small">URL</div>
          {a.urlField ? (
            <pre className="command-preview">
              <FieldValue field={a.urlField} tokens={tokens} sources={sources} />
            </pre>
          ) : (
            <pre className="command-preview">{a.url}</pre>
          )}
          <FieldTable
            label="Headers"
            fields={a.headers}
            separator=": "
            tokens={tokens}
            sources={sources}
          />
          {a.oauth.length > 0 && (
            <FieldTable
              label="Sign-in (oauth)"
              fields={a.oauth}
              separator=": "
              tokens={tokens}
              sources={sources}
            />
          )}
        </>
      )}
      {a.command !== null && a.headers.length > 0 && (
        <FieldTable
          label="Headers (not sent by a local server)"
          fields={a.headers}
          separator=": "
          tokens={tokens}
          sources={sources}
        />
      )}
      {a.command === null && a.env.length > 0 && (
        <FieldTable
          label="Environment variables (not used by a remote server)"
          fields={a.env}
          separator=" = "
          tokens={tokens}
          sources={sources}
        />
      )}
      {a.command === null && (a.argFields.length > 0 || a.cwd !== null) && (
        <FieldTable
          label="Arguments and folder (not used by a remote server)"
          fields={[
            ...a.argFields.map((f) => ({ ...f, name: f.where })),
            ...(a.cwd === null
              ? []
              : [
                  {
                    where: 'cwd',
                    name: 'cwd',
                    parts: [{ text: a.cwd, ref: null }],
                    masked: null,
                    risk: null,
                  },
                ]),
          ]}
          separator=": "
          tokens={tokens}
          sources={sources}
        />
      )}
      {a.options.length > 0 && (
        <FieldTable
          label="Options"
          fields={a.options}
          separator=": "
          tokens={tokens}
          sources={sources}
        />
      )}
      {a.ignored.length > 0 && (
        <FieldTable
          label="Fields Lena does not read"
          fields={a.ignored}
          separator=": "
          tokens={tokens}
          sources={sources}
        />
      )}
      <GrantList references={a.references} granted={granted} onChange={toggle} />
      {error && <ErrorNote title="Your decision was not recorded" error={error} />}
      {ungranted.length > 0 && (
        <p className="small warning">
          Not granted: {ungranted.map((r) => r.token).join(', ')}; the server will keep waiting
          until you grant {ungranted.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      <div className="row">
        <button className="primary" onClick={() => void decide(true)}>
          Approve
        </button>
        <button onClick={() => void decide(false)}>Reject</button>
      </div>
    </section>
  );
}
