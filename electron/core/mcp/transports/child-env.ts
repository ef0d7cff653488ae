// The environment a stdio server starts with: an allow-listed base plus what its configuration
// sets. Never the whole process.env: Lena's own secrets (ANTHROPIC_API_KEY, tokens) stay home.

const POSIX_BASE = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
const WINDOWS_BASE = [
  'APPDATA',
  'COMSPEC',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROGRAMFILES',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
  'WINDIR',
];

/** Names of the variables a server inherits on `platform`. */
export function baseEnvironmentNames(platform: NodeJS.Platform = process.platform): readonly string[] {
  return platform === 'win32' ? WINDOWS_BASE : POSIX_BASE;
}

/** The allow-listed part of `base`, then `configured` on top. */
export function childEnvironment(
  configured: Record<string, string> | undefined,
  base: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  const names = baseEnvironmentNames(platform);
  if (platform === 'win32') {
    // Windows variable names are case-insensitive (Path, SystemRoot): match them so.
    const byUpper = new Map(Object.keys(base).map((k) => [k.toUpperCase(), k]));
    for (const name of names) {
      const key = byUpper.get(name);
      const value = key === undefined ? undefined : base[key];
      if (value !== undefined && !value.startsWith('()')) env[key as string] = value;
    }
  } else {
    for (const name of names) {
      const value = base[name];
      // A value starting with "()" is an exported shell function, a known injection vector.
      if (value !== undefined && !value.startsWith('()')) env[name] = value;
    }
  }
  return { ...env, ...configured };
}
