// The server form's sign-in section for remote servers: a pre-registered client (id and a secret
// reference), scopes and a fixed callback port. All optional; closed unless something is set.
import type { OAuthForm } from '../../lib/oauth-form';

const FIELDS: { key: keyof OAuthForm; label: string; placeholder: string; small?: boolean }[] = [
  { key: 'clientId', label: 'Client ID', placeholder: '(registered automatically)' },
  { key: 'clientSecret', label: 'Client secret', placeholder: '${secret:NAME} — keep the secret in Settings › Secrets' },
  { key: 'scopes', label: 'Scopes', placeholder: '(what the server asks for)' },
  { key: 'callbackPort', label: 'Callback port', placeholder: '(any free port)', small: true },
];

export function OAuthFields({ value, onChange }: { value: OAuthForm; onChange(value: OAuthForm): void }) {
  const used = Object.values(value).some((v) => v.trim() !== '');
  return (
    <details className="oauth-fields" open={used}>
      <summary>Sign-in (OAuth)</summary>
      <p className="muted small">Only needed when the server’s sign-in asks for a client registered in advance. Otherwise Lena registers itself and asks you to sign in when the server requires it.</p>
      {FIELDS.map((f) => (
        <label key={f.key} className={f.small ? 'field small-field' : 'field'}>
          <span>{f.label}</span>
          <input className="mono" inputMode={f.small ? 'numeric' : undefined} value={value[f.key]} onChange={(e) => onChange({ ...value, [f.key]: e.target.value })} placeholder={f.placeholder} />
        </label>
      ))}
    </details>
  );
}
