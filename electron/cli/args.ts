// The argument parser of `lena`: each command declares its flags and positionals (commands.ts), so
// an unknown flag or an extra argument is an error that names it, `--help` is found anywhere, and
// `--` ends the options (a server's own command and arguments follow it).
import { UsageError } from './errors';
import { editDistance as distance } from '../core/base/edit-distance';

export interface FlagSpec {
  /** `--name`; `alias` e.g. `-e`. */
  name: string;
  alias?: string;
  /** The value's placeholder (`DIR`, `SECONDS`); absent for a switch. */
  value?: string;
  /** May be given more than once (values accumulate). */
  repeat?: boolean;
  help: string;
}

export interface PositionalSpec {
  name: string;
  optional?: boolean;
  /** Takes every remaining positional (the last one only). */
  variadic?: boolean;
}

export interface ParsedArgs {
  positionals: string[];
  /** Everything after `--`, untouched. */
  rest: string[];
  /** Values by flag name (the `--name`, never the alias). */
  flags: Map<string, string[]>;
  bools: Set<string>;
  /** `--help`/`-h` was given: show help, run nothing. */
  help: boolean;
}

export interface ArgsSpec {
  command: string;
  flags: readonly FlagSpec[];
  positionals: readonly PositionalSpec[];
  /** Accepts `-- COMMAND [ARGS…]`. */
  rest?: boolean;
}

export const HELP_FLAG: FlagSpec = {
  name: '--help',
  alias: '-h',
  help: 'show this help; nothing runs',
};

/** True when `--help` or `-h` appears before any `--` (then nothing else is checked). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

export function parseArgs(spec: ArgsSpec, argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = {
    positionals: [],
    rest: [],
    flags: new Map(),
    bools: new Set(),
    help: wantsHelp(argv),
  };
  if (out.help) return out;
  const byName = new Map<string, FlagSpec>();
  for (const f of [...spec.flags, HELP_FLAG]) {
    byName.set(f.name, f);
    if (f.alias) byName.set(f.alias, f);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      if (!spec.rest)
        throw new UsageError(`"${spec.command}" takes no "--" part; run "${spec.command} --help"`);
      out.rest = argv.slice(i + 1);
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const flag = byName.get(name);
    if (!flag)
      throw new UsageError(
        commandWithoutDashes(spec, argv, out.positionals) ?? unknownFlag(spec, name),
        'unknown-flag',
      );
    if (!flag.value) {
      if (eq > 0) throw new UsageError(`${flag.name} takes no value (got "${arg}")`);
      out.bools.add(flag.name);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value (${flag.value})`);
    const values = out.flags.get(flag.name) ?? [];
    if (values.length > 0 && !flag.repeat)
      throw new UsageError(`${flag.name} was given twice; give it once`);
    out.flags.set(flag.name, [...values, value]);
  }
  checkPositionals(spec, out.positionals, argv);
  return out;
}

/**
 * `lena mcp add fs npx -y pkg`: words after NAME that are not a URL are a server's command, which
 * goes after `--` (else its flags would be taken for ours). The corrected command line, or undefined.
 */
function commandWithoutDashes(
  spec: ArgsSpec,
  argv: readonly string[],
  positionals: readonly string[],
): string | undefined {
  if (!spec.rest || argv.includes('--') || positionals.length < 2) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(positionals[1])) return undefined;
  const at = argv.indexOf(positionals[1]);
  return `put the server's command after "--": ${spec.command} ${[...argv.slice(0, at), '--', ...argv.slice(at)].join(' ')}`;
}

function checkPositionals(spec: ArgsSpec, given: readonly string[], argv: readonly string[]): void {
  const variadic = spec.positionals.some((p) => p.variadic);
  const max = spec.positionals.length;
  const min = spec.positionals.filter((p) => !p.optional).length;
  if (!variadic && given.length > max) {
    const dashes = commandWithoutDashes(spec, argv, given);
    if (dashes) throw new UsageError(dashes, 'extra-argument');
    const extra = given
      .slice(max)
      .map((a) => `"${a}"`)
      .join(', ');
    throw new UsageError(
      `unexpected argument${given.length - max === 1 ? '' : 's'} ${extra} for "${spec.command}"; run "${spec.command} --help"`,
      'extra-argument',
    );
  }
  if (given.length < min) {
    const missing = spec.positionals
      .slice(given.length)
      .filter((p) => !p.optional)
      .map((p) => p.name);
    throw new UsageError(
      `"${spec.command}" needs ${missing.join(' ')}; run "${spec.command} --help"`,
      'missing-argument',
    );
  }
}

function unknownFlag(spec: ArgsSpec, name: string): string {
  const known = spec.flags.map((f) => f.name);
  const near = known.find((k) => distance(k, name) <= 2);
  return `unknown flag "${name}" for "${spec.command}"${near ? `; did you mean ${near}?` : ''} (run "${spec.command} --help")`;
}

export function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return v?.length ? v[v.length - 1] : undefined;
}

export function flags(args: ParsedArgs, name: string): string[] {
  return args.flags.get(name) ?? [];
}

/** `--timeout 30`: a positive number of seconds, at most a day. */
export function secondsFlag(args: ParsedArgs, name: string): number | undefined {
  const raw = flag(args, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 86_400)
    throw new UsageError(`${name} must be a number of seconds between 0 and 86400 (got "${raw}")`);
  return n;
}

/** `KEY=VALUE` pairs (from -e) into an object, refusing malformed ones. */
export function keyValues(pairs: readonly string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i <= 0) throw new UsageError(`${what} "${p}" must look like KEY=VALUE`);
    out[p.slice(0, i)] = p.slice(i + 1);
  }
  return out;
}

/** `Name: value` headers (from -H) into an object. */
export function headerValues(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const i = p.indexOf(':');
    if (i <= 0) throw new UsageError(`header "${p}" must look like "Name: value"`);
    out[p.slice(0, i).trim()] = p.slice(i + 1).trim();
  }
  return out;
}
