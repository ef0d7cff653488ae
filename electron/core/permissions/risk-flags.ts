// Risky patterns in a project server's launch entry. A project's `.mcp.json` is written by
// whoever wrote the repository, so the approval dialog points at what deserves a second look.
import { homedir } from 'node:os';
import type { OAuthEntry, SandboxPolicy } from '../../../shared/server-config';
import { sandboxWidening } from '../mcp/transports/sandbox/policy';
import { oauthReads } from '../mcp/config/oauth-reads';
import { entryValues, type FieldRisk } from '../mcp/config/project-entry-policy';

/** The launch entry as written in `.mcp.json` (stdio or HTTP). */
export interface LaunchEntry {
  type?: string;
  command?: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  oauth?: OAuthEntry;
  sandbox?: boolean | SandboxPolicy;
}

export type RiskKind =
  | 'sudo'
  | 'rm-rf'
  | 'pipe-to-shell'
  | 'secret-path'
  | 'shell-metacharacters'
  | 'shell-command'
  | 'loader-env'
  | 'api-key'
  | 'oauth-read'
  | 'oauth-reference'
  | 'shadows-user'
  | 'sandbox-widening';

export interface RiskFlag {
  kind: RiskKind;
  /** Where it was found: `command`, `args[2]`, `cwd`, `env.NAME` (never the value of an env var). */
  where: string;
  /** What the user should know, in a sentence. */
  message: string;
}

const SECRET_PATH =
  /(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\/home\/[^/\s"']+|\/Users\/[^/\s"']+|\/root|[A-Za-z]:\\Users\\[^\\\s"']+)[/\\]\.(ssh|aws|gnupg|kube)(?![\w-])/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The current user's own home, wherever it is (`/var/home/ann`, `/data/users/ann`).
const OWN_HOME = new RegExp(`${escapeRegExp(homedir())}[/\\\\]\\.(ssh|aws|gnupg|kube)(?![\\w-])`);
const secretPath = (text: string) => SECRET_PATH.exec(text) ?? OWN_HOME.exec(text);
const PIPE_TO_SHELL =
  /\b(?:curl|wget|fetch)\b[^|]*\|\s*(?:sudo\s+)?(?:\S*\/)?(?:ba|z|k|da|fi)?sh\b|\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:python3?|node|perl|ruby)\b/;
const SUDO = /(?:^|[\s;&|`(/])(?:sudo|doas)(?:\s|$)/;
const META = /;|&&|\|\||\||`|\$\(/;
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'cmd', 'powershell', 'pwsh']);
// Variables that change what code a program loads or runs, in the dynamic loader and in the
// interpreters servers are written in (a value here runs before the server's own code).
const LOADER_ENV = new Set([
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'GCONV_PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'BASH_ENV',
  'ENV',
  'ZDOTDIR',
  'PATH',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PYTHONUSERBASE',
  'PYTHONINSPECT',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'CLASSPATH',
  'DOTNET_STARTUP_HOOKS',
  'CORECLR_ENABLE_PROFILING',
  'COR_ENABLE_PROFILING',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'LUA_INIT',
  'LUA_PATH',
  'LUA_CPATH',
  'TCLLIBPATH',
  'R_PROFILE',
  'R_PROFILE_USER',
  'ELECTRON_RUN_AS_NODE',
  'GIT_SSH_COMMAND',
  'GIT_EXEC_PATH',
  'GIT_CONFIG_GLOBAL',
  'UV_INDEX_URL',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
]);
// Whole families: every DYLD_* (macOS loader), npm_config_* (npm and npx settings, such as a
// registry or a script shell), yarn and pnpm settings, CORECLR/COR profiler paths.
const LOADER_ENV_PREFIX =
  /^(?:DYLD_|NPM_CONFIG_|YARN_|PNPM_|BUN_CONFIG_|CORECLR_PROFILER|COR_PROFILER|PIP_CONFIG)/;
const isLoaderEnv = (name: string) =>
  LOADER_ENV.has(name.toUpperCase()) || LOADER_ENV_PREFIX.test(name.toUpperCase());
// The Anthropic API key by its usual names; by value it is refused at expansion whatever its name.
const API_KEY_REFERENCE = /\$\{(?:ANTHROPIC_API_KEY|secret:anthropic-api-key)(?::-[^}]*)?\}/;

const baseName = (command: string) =>
  command
    .split(/[/\\]/)
    .pop()
    ?.toLowerCase()
    .replace(/\.exe$/, '') ?? '';

/** `rm` with both recursive and force, in any spelling (`-rf`, `-fr`, `-r -f`, `--recursive --force`). */
function hasRmRf(text: string): boolean {
  for (const match of text.matchAll(/(?:^|[\s;&|`(/])rm((?:\s+-{1,2}[\w-]+)+)/g)) {
    const flags = match[1].split(/\s+/).filter(Boolean);
    const recursive = flags.some(
      (f) => f === '--recursive' || (/^-[^-]/.test(f) && /[rR]/.test(f)),
    );
    const force = flags.some((f) => f === '--force' || (/^-[^-]/.test(f) && f.includes('f')));
    if (recursive && force) return true;
  }
  return false;
}

/** Every risk in the entry, each with where it is; an empty list means nothing stood out. */
// Long: a flat list of checks, one per risk, each adding its flag with where it is.
export function riskFlags(entry: LaunchEntry): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const add = (kind: RiskKind, where: string, message: string) => {
    if (!flags.some((f) => f.kind === kind && f.where === where))
      flags.push({ kind, where, message });
  };
  // Which fields each check reads is the project-entry table's `risks` column.
  const values = entryValues(entry);
  const checked = (risk: FieldRisk) => values.filter((v) => v.rule.risks.includes(risk));
  const parts: [string, string][] = checked('command-line').map((v) => [v.where, String(v.value)]);
  const commandLine = parts.map(([, text]) => text).join(' ');

  for (const [where, text] of parts) {
    if (SUDO.test(` ${text} `)) add('sudo', where, 'runs with administrator rights (sudo)');
    if (META.test(text))
      add(
        'shell-metacharacters',
        where,
        `contains shell metacharacters (${META.exec(text)?.[0]}): it chains or substitutes commands if a shell reads it`,
      );
    const secret = secretPath(text);
    if (secret)
      add('secret-path', where, `refers to ~/.${secret[1]}, where keys and credentials live`);
  }
  if (hasRmRf(commandLine))
    add('rm-rf', 'command line', 'deletes files recursively and without asking (rm -rf)');
  if (PIPE_TO_SHELL.test(commandLine))
    add(
      'pipe-to-shell',
      'command line',
      'downloads a script and runs it straight away (curl … | sh)',
    );
  const shellArgs = entry.args ?? [];
  const shell = SHELLS.has(baseName(entry.command ?? ''));
  const flagIndex = shellArgs.findIndex(
    (a) => /^-[a-z]*c$/i.test(a) || /^\/c$/i.test(a) || /^-command$/i.test(a),
  );
  if (shell && flagIndex >= 0) {
    add(
      'shell-command',
      `args[${flagIndex}]`,
      `runs a shell command string (${baseName(entry.command ?? '')} ${shellArgs[flagIndex]}): anything can be in it`,
    );
  }
  if (checked('sandbox').length > 0)
    for (const w of sandboxWidening(entry.sandbox)) add('sandbox-widening', w.where, w.message);
  for (const v of values) {
    const loader = v.rule.risks.includes('loader-env');
    const path = v.rule.risks.includes('secret-path');
    if (loader && isLoaderEnv(v.name))
      add('loader-env', v.where, `${v.name} changes what code a program loads or runs at start`);
    const secret = path ? secretPath(String(v.value)) : null;
    if (secret)
      add(
        'secret-path',
        v.where,
        v.where === 'cwd'
          ? `starts in ~/.${secret[1]}, where keys and credentials live`
          : `its value refers to ~/.${secret[1]}, where keys and credentials live`,
      );
  }
  const texts: [string, string][] = checked('api-key')
    .filter((v) => v.rule.treatment === 'references' && typeof v.value === 'string')
    .map((v) => [v.where, String(v.value)]);
  for (const [where, text] of texts) {
    if (API_KEY_REFERENCE.test(text))
      add(
        'api-key',
        where,
        'references your Anthropic API key; Lena never passes it to a server (give the server its own key as ${secret:NAME})',
      );
  }
  // A field naming a variable outright (`oauth.assertionEnv`) may name the key itself.
  for (const v of checked('api-key'))
    if (v.rule.reads === 'variable' && String(v.value).toUpperCase() === 'ANTHROPIC_API_KEY')
      add('api-key', v.where, 'names your Anthropic API key; Lena never sends it to a server');
  // Every file and variable the sign-in would read, each said before approval.
  for (const read of oauthReads(entry.oauth))
    add(read.refusedInProject ? 'oauth-read' : 'oauth-reference', read.where, read.message);
  return flags;
}
