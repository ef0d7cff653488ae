// The server form's sign-in section for remote servers: a pre-registered client (id and a secret
// reference), scopes and a fixed callback port. All optional; closed unless something is set.
import type { OAuthForm } from '../../lib/oauth-form';

export function OAuthFields({ value, onChange }: { value: OAuthForm; onChange(value: OAuthForm): void }) {
  const set = (key: keyof OAuthForm, v: string) => onChange({ ...value, [key]: v });
  const used = Object.values(value).some((v) => v.trim() !== '');
  return (
    <details className="oauth-fields" open={used}>
      <summary>Sign-in (OAuth)</summary>
      <p className="muted small">Only needed when the server’s sign-in asks for a client registered in advance. Otherwise Lena registers itself and asks you to sign in when the server requires it.</p>
      <label className="field">
        <span>Client ID</span>
        <input className="mono" value={value.clientId} onChange={(e) => set('clientId', e.target.value)} placeholder="(registered automatically)" />
      </label>
      <label className="field">
        <span>Client secret</span>
        <input className="mono" value={value.clientSecret} onChange={(e) => set('clientSecret', e.target.value)} placeholder="${secret:NAME} — keep the secret in Settings › Secrets" />
      </label>
      <div className="row wrap">
        <label className="field">
          <span>Scopes</span>
          <input className="mono" value={value.scopes} onChange={(e) => set('scopes', e.target.value)} placeholder="(what the server asks for)" />
        </label>
        <label className="field small-field">
          <span>Callback port</span>
          <input inputMode="numeric" value={value.callbackPort} onChange={(e) => set('callbackPort', e.target.value)} placeholder="(any free port)" />
        </label>
      </div>
    </details>
  );
}
