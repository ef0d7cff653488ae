// The server form's sign-in section for remote servers: how Lena gets tokens (the browser sign-in
// by default; a machine client, a workload's platform token or the company identity provider,
// issue 21), the fields that grant needs, scopes, a fixed callback port and DPoP. All optional;
// closed unless something is set. Secrets and keys are `${secret:NAME}` references only.
import type { OAuthForm } from '../../lib/oauth-form';

type Field = { key: keyof OAuthForm; label: string; placeholder: string; small?: boolean };

const SECRET: Field = {
  key: 'clientSecret',
  label: 'Client secret',
  placeholder: '${secret:NAME} — keep the secret in Settings › Secrets',
};
const clientId = (placeholder: string): Field => ({
  key: 'clientId',
  label: 'Client ID',
  placeholder,
});
const tokenFrom = (what: string, file: string): Field[] => [
  { key: 'assertionFile', label: `${what} file`, placeholder: file },
  { key: 'assertionEnv', label: `Or ${what} environment variable`, placeholder: 'NAME' },
];

const GRANTS: { value: string; label: string; fields: Field[] }[] = [
  {
    value: '',
    label: 'Sign in in the browser (default)',
    fields: [
      clientId('(registered automatically)'),
      SECRET,
      { key: 'callbackPort', label: 'Callback port', placeholder: '(any free port)', small: true },
    ],
  },
  {
    value: 'client_credentials',
    label: 'Client credentials (a machine client, no browser)',
    fields: [
      clientId('(issued to this machine client)'),
      SECRET,
      {
        key: 'privateKey',
        label: 'Private key (private_key_jwt)',
        placeholder: '${secret:NAME} of a PKCS#8 PEM key — or a key file below',
      },
      { key: 'privateKeyFile', label: 'Private key file', placeholder: '/path/to/key.pem' },
      {
        key: 'signingAlgorithm',
        label: 'Key algorithm',
        placeholder: 'ES256, ES384, RS256, PS256 or EdDSA',
        small: true,
      },
    ],
  },
  {
    value: 'jwt_bearer',
    label: 'Workload identity (a platform token)',
    fields: [
      clientId('(the workload’s client, if the server needs one)'),
      ...tokenFrom('Token', '/var/run/secrets/tokens/mcp'),
    ],
  },
  {
    value: 'enterprise',
    label: 'Enterprise (the company identity provider)',
    fields: [
      clientId('(Lena’s client at this server)'),
      SECRET,
      {
        key: 'idpTokenEndpoint',
        label: 'Identity provider token endpoint',
        placeholder: 'https://idp.example.com/oauth2/token',
      },
      {
        key: 'idpClientId',
        label: 'Client ID at the identity provider',
        placeholder: '(from your identity team)',
      },
      ...tokenFrom('Company ID token', '/path/to/id-token'),
    ],
  },
];

export function OAuthFields({
  value,
  onChange,
}: {
  value: OAuthForm;
  onChange(value: OAuthForm): void;
}) {
  const used = Object.values(value).some((v) => v.trim() !== '');
  const grant = GRANTS.find((g) => g.value === value.grant) ?? GRANTS[0];
  const set = (key: keyof OAuthForm, v: string) => onChange({ ...value, [key]: v });
  const input = (f: Field) => (
    <label key={f.key} className={f.small ? 'field small-field' : 'field'}>
      <span>{f.label}</span>
      <input
        className="mono"
        inputMode={f.key === 'callbackPort' ? 'numeric' : undefined}
        value={value[f.key]}
        onChange={(e) => set(f.key, e.target.value)}
        placeholder={f.placeholder}
      />
    </label>
  );
  return (
    <details className="oauth-fields" open={used}>
      <summary>Sign-in (OAuth)</summary>
      <p className="muted small">
        Only needed when the server’s sign-in asks for a client registered in advance, or for a
        machine or company grant. Otherwise Lena registers itself and asks you to sign in when the
        server requires it.
      </p>
      <label className="field">
        <span>How Lena gets tokens</span>
        <select value={grant.value} onChange={(e) => set('grant', e.target.value)}>
          {GRANTS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </label>
      {grant.fields.map(input)}
      {input({ key: 'scopes', label: 'Scopes', placeholder: '(what the server asks for)' })}
      <label className="field">
        <span>DPoP (proof-of-possession tokens)</span>
        <select value={value.dpop} onChange={(e) => set('dpop', e.target.value)}>
          <option value="">Where the server offers it (default)</option>
          <option value="on">Always</option>
          <option value="off">Never</option>
        </select>
      </label>
    </details>
  );
}
