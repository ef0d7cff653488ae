// A small argument parser for `lena`: global flags (--project, --config, --json) anywhere,
// repeated flags (-e, -H, --allow, --deny), and `--` ending the options (server commands).

export interface ParsedArgs {
  positionals: string[];
  /** Everything after `--`, untouched. */
  rest: string[];
  flags: Map<string, string[]>;
  bools: Set<string>;
}

/** Flags that take a value; all others are booleans. */
const VALUE_FLAGS = new Set(['--project', '--config', '--transport', '-e', '--env', '-H', '--header', '--allow', '--deny', '--model', '--conversation', '-p', '--print', '--scope', '--timeout', '--grant', '--no-grant']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { positionals: [], rest: [], flags: new Map(), bools: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.rest = argv.slice(i + 1);
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (VALUE_FLAGS.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      out.flags.set(name, [...(out.flags.get(name) ?? []), value]);
    } else if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) {
      out.bools.add(arg);
    } else {
      out.positionals.push(arg);
    }
  }
  return out;
}

export class UsageError extends Error {}

export function flag(args: ParsedArgs, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = args.flags.get(n);
    if (v?.length) return v[v.length - 1];
  }
  return undefined;
}

export function flags(args: ParsedArgs, ...names: string[]): string[] {
  return names.flatMap((n) => args.flags.get(n) ?? []);
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
