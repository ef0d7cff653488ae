// The environment a stdio server starts with: an allow-listed base plus what its configuration
// sets. Never the whole process.env: Lena's own secrets (ANTHROPIC_API_KEY, tokens) stay home.
// The base holds what a process needs to start and what a network client needs that is not a
// secret (proxies, extra CA certificates, locale, temp folder): without it an `npx` server behind
// a corporate proxy or CA times out with nothing on stderr.

const POSIX_BASE = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'TMPDIR', 'LANG'];
/** Proxies and certificates, on every platform; proxy names in either case (curl reads lower, Node tools upper). */
const NETWORK = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
];
/** What Windows programs (npx.cmd, node, python) need to start and find their folders. */
const WINDOWS_BASE = [
  'ALLUSERSPROFILE',
  'APPDATA',
  'COMMONPROGRAMFILES',
  'COMMONPROGRAMFILES(X86)',
  'COMMONPROGRAMW6432',
  'COMPUTERNAME',
  'COMSPEC',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'NUMBER_OF_PROCESSORS',
  'OS',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROCESSOR_IDENTIFIER',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'PROGRAMW6432',
  'PUBLIC',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERDOMAIN',
  'USERNAME',
  'USERPROFILE',
  'WINDIR',
];
/** Locale variables pass by prefix (LC_ALL, LC_CTYPE, …). */
const PREFIXES = ['LC_'];

/** Names of the variables a server inherits on `platform` (besides the LC_* prefix). */
export function baseEnvironmentNames(
  platform: NodeJS.Platform = process.platform,
): readonly string[] {
  return platform === 'win32'
    ? [...WINDOWS_BASE, 'LANG', ...NETWORK.filter((n) => n === n.toUpperCase())]
    : [...POSIX_BASE, ...NETWORK];
}

/** The rule in words, for `lena help` and the README (one paragraph, unwrapped). */
export function describeBaseEnvironment(): string {
  const upper = NETWORK.filter((n) => n === n.toUpperCase());
  return (
    `A server Lena starts (stdio) gets only ${POSIX_BASE.join(', ')}, LC_*, ${upper.join(', ')} (the proxy ` +
    `variables in either case), on Windows also what a program needs to start (${WINDOWS_BASE.join(', ')}), ` +
    'and then its entry\'s own "env". Nothing else of your environment reaches it (not ANTHROPIC_API_KEY, not ' +
    'tokens): put what a server needs in its "env", e.g. "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}.'
  );
}

const wanted = (name: string, names: ReadonlySet<string>) =>
  names.has(name) || PREFIXES.some((p) => name.startsWith(p));

/** The allow-listed part of `base`, then `configured` on top. */
export function childEnvironment(
  configured: Record<string, string> | undefined,
  base: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  const windows = platform === 'win32';
  // Windows variable names are case-insensitive (Path, SystemRoot): match them so.
  const names = new Set(baseEnvironmentNames(platform).map((n) => (windows ? n.toUpperCase() : n)));
  for (const [key, value] of Object.entries(base)) {
    // A value starting with "()" is an exported shell function, a known injection vector.
    if (value === undefined || value.startsWith('()')) continue;
    if (wanted(windows ? key.toUpperCase() : key, names)) env[key] = value;
  }
  return { ...env, ...configured };
}
