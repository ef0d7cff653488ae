// server.json → a Lena server entry. Each package (npm, pypi, oci, nuget) and each remote is one
// install option with the fields the user fills in; building an option with their values gives
// the entry, the secrets to store, and the command line shown before anything is saved. The
// entry is an argv (command + args): nothing here, or where it is started, goes through a shell.
import type { InstallOption, OptionKind } from '../../../shared/install-types';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ServerEntry } from '../../../shared/server-config';
import {
  fieldOf,
  fieldsOfInput,
  resolveInput,
  type FieldTarget,
  type FieldValues,
  type InstallField,
  type ValueSink,
} from './fields';
import type {
  RegistryArgument,
  RegistryKeyValue,
  RegistryPackage,
  RegistryTransport,
  ServerJson,
} from './server-json';

export type { InstallOption, OptionKind };

/** Why an mcpb package has no entry of its own: its file says how it runs. */
export const BUNDLE_FROM_FILE =
  'an MCP bundle (.mcpb) installs from its file: Lena downloads it, checks its SHA-256 and reads its manifest';

const RUNNERS: Partial<Record<OptionKind, string>> = {
  npm: 'npx',
  pypi: 'uvx',
  oci: 'docker',
  nuget: 'dnx',
};

function kindOf(registryType: string): OptionKind {
  const t = registryType.toLowerCase();
  return t === 'npm' || t === 'pypi' || t === 'oci' || t === 'nuget' || t === 'mcpb' ? t : 'other';
}

/** An argument's field key: `arg:--port`, `arg:path` (a positional's valueHint), `arg:#2`. */
function argName(arg: RegistryArgument, index: number): string {
  return arg.type === 'named' ? (arg.name ?? `#${index}`) : (arg.valueHint ?? `#${index}`);
}

interface Slot {
  key: string;
  target: FieldTarget;
  name: string;
  input: RegistryKeyValue | RegistryArgument;
  repeated: boolean;
  arg?: RegistryArgument;
}

/** Every input of an option with a unique key (a name used twice gets `#2`). */
function slotsOf(pkg: RegistryPackage | undefined, remote: RegistryTransport | undefined): Slot[] {
  const slots: Slot[] = [];
  const used = new Map<string, number>();
  const add = (target: FieldTarget, name: string, input: Slot['input'], arg?: RegistryArgument) => {
    const base = `${target}:${name}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const repeated = arg?.isRepeated === true;
    slots.push({ key: n > 1 ? `${base}#${n}` : base, target, name, input, repeated, arg });
  };
  if (pkg) {
    (pkg.runtimeArguments ?? []).forEach((a, i) => add('arg', argName(a, i), a, a));
    (pkg.packageArguments ?? []).forEach((a, i) => add('arg', argName(a, i), a, a));
    for (const e of pkg.environmentVariables ?? []) add('env', e.name, e);
  }
  for (const h of (remote ?? pkg?.transport)?.headers ?? []) add('header', h.name, h);
  return slots;
}

function fieldsOf(slots: Slot[], remote: RegistryTransport | undefined): InstallField[] {
  // The URL's variables first: the address comes before what is sent to it.
  const fields = Object.entries(remote?.variables ?? {})
    .filter(([, variable]) => variable.value === undefined)
    .map(([name, variable]) => fieldOf(`var:${name}`, 'variable', name, variable));
  fields.push(...slots.flatMap((s) => fieldsOfInput(s.key, s.target, s.name, s.input, s.repeated)));
  // A variable shared by two inputs is one field.
  return fields.filter((f, i) => fields.findIndex((g) => g.key === f.key) === i);
}

function packageLabel(pkg: RegistryPackage): string {
  return `${pkg.registryType} ${pkg.identifier}${pkg.version && kindOf(pkg.registryType) !== 'oci' ? `@${pkg.version}` : ''}`;
}

/** The install options of a server, packages first, in server.json order. */
export function installOptions(server: ServerJson): InstallOption[] {
  const options: InstallOption[] = (server.packages ?? []).map((pkg, i) => {
    const kind = kindOf(pkg.registryType);
    const transport = pkg.transport?.type ?? 'stdio';
    const unsupported =
      kind === 'mcpb'
        ? undefined
        : kind === 'other'
          ? `a package from "${pkg.registryType}", which Lena cannot run; use another package or a remote`
          : transport !== 'stdio'
            ? `this package serves ${transport} once started; start it yourself and add its URL (lena mcp add --transport http NAME URL)`
            : undefined;
    return {
      id: `package:${i}`,
      kind,
      label: packageLabel(pkg),
      ...(RUNNERS[kind] ? { runner: RUNNERS[kind] } : {}),
      transport: 'stdio' as const,
      fields: unsupported ? [] : fieldsOf(slotsOf(pkg, undefined), undefined),
      ...(unsupported ? { unsupported } : {}),
    };
  });
  (server.remotes ?? []).forEach((remote, i) => {
    const type =
      remote.type === 'streamable-http' ? 'http' : remote.type === 'sse' ? 'sse' : undefined;
    options.push({
      id: `remote:${i}`,
      kind: 'remote',
      label: `remote ${remote.url ?? '(no URL)'}`,
      transport: type ?? 'http',
      fields: type ? fieldsOf(slotsOf(undefined, remote), remote) : [],
      ...(type && remote.url
        ? {}
        : { unsupported: `a remote of type "${remote.type}" without a usable URL` }),
    });
  });
  return options;
}

/** A secret that the install stores under `name`; the entry holds `${secret:name}`. */
export interface PendingSecret {
  name: string;
  value: string;
  field: string;
}

export interface BuiltEntry {
  entry: ServerEntry;
  secrets: PendingSecret[];
  /** Required fields without a value: the entry is not complete until they are given. */
  missing: InstallField[];
  /** The command (or URL and headers) as the user reads it before saving; secrets as references. */
  commandLine: string;
}

/** `io.github.acme/weather` + `API_KEY` → `WEATHER_API_KEY`, a name for Lena's secret store. */
export function secretName(serverName: string, field: string): string {
  const clean = (s: string) =>
    s
      .replace(/^-+/, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase();
  return `${clean(serverName.split('/').pop() ?? serverName)}_${clean(field)}`;
}

/** Quotes a word for display only; the entry keeps the argv as is. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./${}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function argWords(
  slot: Slot,
  values: FieldValues,
  sink: ValueSink,
): { words: string[]; given: boolean } {
  const got = resolveInput(slot.key, 'arg', slot.name, slot.input, values, sink, slot.repeated);
  const words = slot.arg?.type === 'named' ? got.flatMap((v) => [slot.arg!.name ?? '', v]) : got;
  return { words, given: got.length > 0 };
}

/** Builds the entry of one option with the user's values. Throws when the option is unknown. */
export function buildEntry(server: ServerJson, optionId: string, values: FieldValues): BuiltEntry {
  const option = installOptions(server).find((o) => o.id === optionId);
  if (!option)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `${server.name} has no install option ${optionId}`,
    );
  if (option.unsupported)
    throw new LenaError(ERROR_CODE.invalidArguments, `${option.label}: ${option.unsupported}`);
  if (option.kind === 'mcpb')
    throw new LenaError(ERROR_CODE.invalidArguments, `${option.label}: ${BUNDLE_FROM_FILE}`);
  const secrets: PendingSecret[] = [];
  const sink: ValueSink = {
    secret(field, value) {
      const name = secretName(server.name, field.name);
      if (!secrets.some((s) => s.name === name)) secrets.push({ name, value, field: field.key });
      return `\${secret:${name}}`;
    },
  };
  const [kind, index] = optionId.split(':');
  const pkg = kind === 'package' ? server.packages![Number(index)] : undefined;
  const remote = kind === 'remote' ? server.remotes![Number(index)] : undefined;
  const slots = slotsOf(pkg, remote);
  const keyed = (target: FieldTarget) => slots.filter((s) => s.target === target);
  const pairs = (target: FieldTarget) =>
    Object.fromEntries(
      keyed(target).flatMap((s) => {
        const [v] = resolveInput(s.key, target, s.name, s.input, values, sink);
        return v === undefined ? [] : [[s.name, v]];
      }),
    );
  const missing = option.fields.filter(
    (f) => f.required && !(values[f.key]?.length || f.default !== undefined),
  );
  const env = pairs('env');
  const headers = pairs('header');
  let entry: ServerEntry;
  let commandLine: string;
  if (pkg) {
    const runtime = (pkg.runtimeArguments ?? []).length;
    const argSlots = keyed('arg');
    const runtimeWords = argSlots.slice(0, runtime).flatMap((s) => argWords(s, values, sink).words);
    const packageWords = argSlots.slice(runtime).flatMap((s) => argWords(s, values, sink).words);
    const { command, args } = launch(
      option.kind,
      pkg,
      runtimeWords,
      packageWords,
      Object.keys(env),
    );
    entry = {
      command,
      args,
      ...(Object.keys(env).length ? { env } : {}),
    };
    const envText = Object.entries(env).map(([k, v]) => `${k}=${shellWord(v)} `);
    commandLine = envText.join('') + [command, ...args].map(shellWord).join(' ');
  } else {
    const url = fillUrl(remote!, values, sink);
    entry = {
      type: option.transport as 'http' | 'sse',
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
    };
    commandLine = [
      `${option.transport} ${url}`,
      ...Object.entries(headers).map(([k, v]) => `-H ${shellWord(`${k}: ${v}`)}`),
    ].join(' ');
  }
  return { entry, secrets, missing, commandLine };
}

/** npm → npx -y, pypi → uvx, oci → docker run -i --rm, nuget → dnx; the package in the middle. */
function launch(
  kind: OptionKind,
  pkg: RegistryPackage,
  runtime: string[],
  packageArgs: string[],
  envNames: string[],
): { command: string; args: string[] } {
  const id = pkg.identifier;
  const v = pkg.version;
  switch (kind) {
    case 'npm':
      return {
        command: 'npx',
        args: [
          ...(runtime.includes('-y') || runtime.includes('--yes') ? [] : ['-y']),
          ...runtime,
          v ? `${id}@${v}` : id,
          ...packageArgs,
        ],
      };
    case 'pypi':
      return { command: 'uvx', args: [...runtime, v ? `${id}==${v}` : id, ...packageArgs] };
    case 'oci': {
      // The identifier carries its tag (or digest); an untagged one takes the version.
      const tagged = /[:@][^/]*$/.test(id) || !v;
      return {
        command: 'docker',
        args: [
          'run',
          '-i',
          '--rm',
          ...runtime,
          ...envNames.flatMap((n) => ['-e', n]),
          tagged ? id : `${id}:${v}`,
          ...packageArgs,
        ],
      };
    }
    case 'nuget':
      return {
        command: 'dnx',
        args: [...runtime, v ? `${id}@${v}` : id, '--yes', '--', ...packageArgs],
      };
    default:
      throw new Error(`cannot launch a ${kind} package`);
  }
}

/** A remote's URL with its `{variables}` filled (unknown ones stay as written). */
function fillUrl(remote: RegistryTransport, values: FieldValues, sink: ValueSink): string {
  const url = remote.url ?? '';
  const [filled] = resolveInput(
    'url',
    'variable',
    'url',
    { value: url, variables: remote.variables },
    values,
    sink,
  );
  return filled ?? url;
}
