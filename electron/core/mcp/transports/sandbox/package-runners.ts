// What `npx` and `uvx` need inside the sandbox, and their pre-install. Left to fetch, a runner
// writes its cache and reaches its registry. Pre-installed (run once unsandboxed, with the user's
// consent, to fill the cache), it runs offline: npx writes only its own install folder under
// `_npx` and reaches nothing; uvx keeps its cache (its locks live there) and reaches nothing.
import { createHash } from 'node:crypto';
import { basename, isAbsolute, join, resolve } from 'node:path';

export type Runner = 'npx' | 'uvx';

/** The runner an entry's command is, if any (`npx`, `/usr/bin/npx`, `npx.cmd`). */
export function runnerOf(command: string): Runner | undefined {
  const name = basename(command).replace(/\.(cmd|exe)$/i, '');
  return name === 'npx' || name === 'uvx' ? name : undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

/** npm's cache folder: npm_config_cache, else ~/.npm. */
export const npmCache = (home: string, env: Env) =>
  env.npm_config_cache ?? env.NPM_CONFIG_CACHE ?? join(home, '.npm');

/** uv's cache folder: UV_CACHE_DIR, else $XDG_CACHE_HOME/uv, else ~/.cache/uv. */
export const uvCache = (home: string, env: Env) =>
  env.UV_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'uv');

const REGISTRIES: Record<Runner, string[]> = {
  npx: ['registry.npmjs.org'],
  uvx: ['pypi.org', 'files.pythonhosted.org'],
};

/** What a runner may do in the sandbox, with the environment that keeps it offline once pre-installed. */
export interface RunnerAllowance {
  write: string[];
  domains: string[];
  env: Record<string, string>;
  note: string;
}

export function runnerAllowance(
  runner: Runner,
  launch: { args: readonly string[]; cwd: string; env: Env; home: string },
  preinstalledAt: string | null,
): RunnerAllowance {
  const cache =
    runner === 'npx' ? npmCache(launch.home, launch.env) : uvCache(launch.home, launch.env);
  if (preinstalledAt === null)
    return {
      write: [cache],
      domains: REGISTRIES[runner],
      env: {},
      note: `${runner} may write its cache (${cache}) and reach ${REGISTRIES[runner].join(', ')}; Pre-install on its server page removes both`,
    };
  const day = preinstalledAt.slice(0, 10);
  if (runner === 'uvx')
    return {
      write: [cache],
      domains: [],
      env: { UV_OFFLINE: '1' },
      note: `uvx was pre-installed on ${day}: it runs offline from its cache (${cache}) and reaches no registry`,
    };
  const packages = npxPackages(launch.args);
  const dir = packages ? join(cache, '_npx', npxHash(packages, launch.cwd)) : cache;
  return {
    write: [dir],
    domains: [],
    env: { npm_config_offline: 'true', npm_config_update_notifier: 'false' },
    note: `npx was pre-installed on ${day}: it runs offline from its cache, may write only ${dir}, and reaches no registry`,
  };
}

/** The packages `npx` installs for these arguments (its `--package`s, else the first word); null if unsure. */
export function npxPackages(args: readonly string[]): string[] | null {
  const packages: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-y' || a === '--yes' || a === '-q' || a === '--quiet') continue;
    if (a === '-p' || a === '--package') {
      if (args[i + 1] === undefined) return null;
      packages.push(args[++i]);
    } else if (a.startsWith('--package=')) packages.push(a.slice('--package='.length));
    else if (a === '--') {
      const next = args[i + 1];
      return packages.length > 0 ? packages : next ? [next] : null;
    } else if (a.startsWith('-')) return null;
    else return packages.length > 0 ? packages : [a];
  }
  return null;
}

/** npm exec's install folder name for a package list (libnpmexec: sha512 of the sorted specs). */
export function npxHash(packages: readonly string[], cwd: string): string {
  const specs = packages.map((p) => (isDirectorySpec(p) ? resolve(cwd, p) : p));
  return createHash('sha512')
    .update(specs.sort((a, b) => a.localeCompare(b, 'en')).join('\n'))
    .digest('hex')
    .slice(0, 16);
}

const isDirectorySpec = (p: string) =>
  (p.startsWith('./') || p.startsWith('../') || isAbsolute(p) || p === '.') &&
  !/\.(tgz|tar|tar\.gz)$/.test(p);

/**
 * The command that fills the runner's cache for this entry without starting the server: npx
 * installs the entry's packages into the same `_npx` folder and runs `node -e ""`; uvx builds the
 * same tool environment and runs `python -c ""`. Null when the arguments are not understood.
 */
export function preinstallArgv(command: string, args: readonly string[]): string[] | null {
  const runner = runnerOf(command);
  if (runner === 'npx') {
    const packages = npxPackages(args);
    return packages
      ? [command, '--yes', ...packages.map((p) => `--package=${p}`), '--', 'node', '-e', '']
      : null;
  }
  if (runner === 'uvx') {
    const options: string[] = [];
    let from: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === '--from') from = args[++i];
      else if (a === '--python' || a === '-p' || a === '--with' || a === '--index-url')
        options.push(a, args[++i] ?? '');
      else if (a.startsWith('-')) options.push(a);
      else {
        from ??=
          a.includes('@') && !a.endsWith('@latest')
            ? a.replace('@', '==')
            : a.replace(/@latest$/, '');
        break;
      }
    }
    return from ? [command, ...options, '--from', from, 'python', '-c', ''] : null;
  }
  return null;
}
