// The install sheet of an MCP bundle: its icon, name, author and version; who signed it (the
// certificate's fingerprint, and a box to tick for a signer this system does not trust); what a
// reinstall changes; the tools and prompts it declares and its privacy policies; the settings
// form; the server's name. Nothing is written until Install.
import { useState } from 'react';
import type { BundleOpened, BundleSignatureView } from '../../../../shared/bundle-types';
import { ErrorNote } from '../../../components/ErrorNote';
import { useLenaActions } from '../../../store';
import type { UiError } from '../../../store/result';
import { BundleFields, missingOf, valuesOf, type Typed } from './BundleFields';

function Signature({ sig }: { sig: BundleSignatureView }) {
  const word =
    sig.status === 'signed'
      ? 'Signed'
      : sig.status === 'untrusted'
        ? 'Signed, not trusted by this system'
        : 'Unsigned';
  return (
    <div className="bundle-signature" data-signature={sig.status}>
      <p>
        <span className={`chip ${sig.status === 'signed' ? '' : 'warning'}`}>{word}</span>
        {sig.signer && (
          <>
            {' '}
            by <strong>{sig.signer}</strong>
            {sig.pinned && <span className="chip">pinned</span>}
          </>
        )}
      </p>
      {sig.fingerprint && (
        <p className="small">
          SHA-256 fingerprint:{' '}
          <span className="mono" data-fingerprint>
            {sig.fingerprint}
          </span>
        </p>
      )}
      {sig.reason && <p className="muted small">{sig.reason}</p>}
      {sig.status === 'unsigned' && (
        <p className="muted small">
          Anyone could have made this file: install it only if you trust where it came from.
        </p>
      )}
    </div>
  );
}

function Declared({ preview }: { preview: BundleOpened['preview'] }) {
  return (
    <div className="bundle-declared">
      {preview.tools.length > 0 && (
        <div>
          <strong>Tools</strong>
          <ul>
            {preview.tools.map((t) => (
              <li key={t.name}>
                <span className="mono">{t.name}</span>
                {t.description && <span className="muted"> — {t.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.prompts.length > 0 && (
        <div>
          <strong>Prompts</strong>
          <ul>
            {preview.prompts.map((p) => (
              <li key={p.name}>
                <span className="mono">{p.name}</span>
                {p.description && <span className="muted"> — {p.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.privacyPolicies.length > 0 && (
        <div>
          <strong>Privacy policies</strong>
          <ul>
            {preview.privacyPolicies.map((url) => (
              <li key={url} className="mono small">
                {url}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

// Long: the sheet's parts share one draft (settings, name, the trust box).
export function BundleSheet({ opened }: { opened: BundleOpened }) {
  const { installBundle, closeBundle } = useLenaActions();
  const { preview } = opened;
  const [typed, setTyped] = useState<Typed>({});
  const [name, setName] = useState(opened.suggestedName);
  const [trusted, setTrusted] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [busy, setBusy] = useState(false);
  const sig = preview.signature;
  const needsTrust = sig.status === 'untrusted' && !sig.pinned;
  const missing = missingOf(preview.fields, typed);
  const install = async () => {
    setError(null);
    setBusy(true);
    const r = await installBundle({
      values: valuesOf(preview.fields, typed),
      serverName: name.trim(),
      ...(needsTrust && trusted && sig.fingerprint ? { trustSigner: sig.fingerprint } : {}),
    });
    setBusy(false);
    if (!r.ok) setError(r.error);
  };
  return (
    <form
      className="install-form bundle-sheet"
      aria-label={`Install ${preview.displayName}`}
      onSubmit={(e) => {
        e.preventDefault();
        void install();
      }}
    >
      <div className="row">
        {preview.icon ? (
          <img className="bundle-icon" src={preview.icon} alt="" width={40} height={40} />
        ) : (
          <span className="bundle-icon placeholder" aria-hidden="true">
            ⬡
          </span>
        )}
        <div>
          <h2>Install {preview.displayName}</h2>
          <p className="muted small">
            {preview.version} · by {preview.author} · <span className="mono">{preview.name}</span> ·{' '}
            {preview.serverType}
          </p>
        </div>
        <span className="spacer" />
        <button type="button" onClick={closeBundle}>
          Cancel
        </button>
      </div>
      <p>{preview.description}</p>
      <Signature sig={sig} />
      {preview.reinstall && (
        <div className="bundle-reinstall" data-reinstall>
          <strong>Installed already ({preview.reinstall.version}). This changes:</strong>
          <ul>
            {(preview.reinstall.differences.length
              ? preview.reinstall.differences
              : ['nothing']
            ).map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="install-preview">
        <div className="small muted">
          It runs (never through a shell; {'${__dirname}'} is its folder):
        </div>
        <pre className="mono" data-command-line>
          {preview.commandLine}
        </pre>
      </div>
      <Declared preview={preview} />
      {preview.fields.length > 0 && (
        <fieldset>
          <legend>Settings</legend>
          <BundleFields
            fields={preview.fields}
            typed={typed}
            onChange={(key, value) => setTyped((t) => ({ ...t, [key]: value }))}
          />
        </fieldset>
      )}
      <label className="install-field" htmlFor="bundle-server-name">
        <span>Name in your servers</span>
        <input
          id="bundle-server-name"
          className="mono"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {[...preview.warnings, ...preview.notes].map((w) => (
        <p key={w} className="muted small">
          {w}
        </p>
      ))}
      {needsTrust && (
        <label className="install-option">
          <input type="checkbox" checked={trusted} onChange={(e) => setTrusted(e.target.checked)} />
          <span>
            I checked this fingerprint with the publisher: trust <strong>{sig.signer}</strong> for
            this bundle
          </span>
        </label>
      )}
      {error && <ErrorNote title="Not installed" error={error} />}
      <div className="row">
        <span className="muted small">
          {missing.length
            ? `Fill in ${missing.map((f) => f.title).join(', ')}.`
            : 'It starts untrusted: its tools ask before they run.'}
        </span>
        <span className="spacer" />
        <button
          type="submit"
          className="primary"
          disabled={busy || missing.length > 0 || (needsTrust && !trusted) || !name.trim()}
        >
          Install
        </button>
      </div>
    </form>
  );
}
