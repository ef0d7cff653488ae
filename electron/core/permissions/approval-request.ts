// What the approval of a project server shows (window and `lena mcp approve`), untruncated: the
// command and arguments, every env value and header template in full with each `${…}` reference
// marked and where its value comes from, literal credentials masked (revealed on request), and the
// risks, before anything is approved.
import type {
  ApprovalFieldView,
  ApprovalSandboxView,
  ApprovalReferenceView,
  TemplatePart,
} from '../../../shared/server-types';
import { looksLikeCredential, redactArgs, redactHeaderValue, redactUrl } from '../base/credentials';
import { entryReferences, referenceKey } from '../mcp/config/references';
import { entryValues, unknownFields } from '../mcp/config/project-entry-policy';
import { riskFlags, type LaunchEntry, type RiskFlag } from './risk-flags';
import { stableHash } from '../base/stable-json';
import { describeSandbox, describeSandboxInFull } from '../mcp/transports/sandbox/describe';

/** Everything the approval shows. */
export interface ApprovalRequest {
  name: string;
  entryHash: string;
  transport: 'stdio' | 'http';
  command?: string;
  args: string[];
  /** The command and arguments quoted as a shell would need them, to show spaces and quotes exactly. */
  commandLine?: string;
  cwd?: string;
  envNames: string[];
  url?: string;
  headerNames: string[];
  argFields: ApprovalFieldView[];
  env: ApprovalFieldView[];
  headers: ApprovalFieldView[];
  urlField?: ApprovalFieldView;
  /** The whole `oauth` block, field by field, each file or variable it reads flagged. */
  oauth: ApprovalFieldView[];
  /** The table's other fields the entry sets (`type`, `timeout`, `protocol`, …), as written. */
  options: ApprovalFieldView[];
  /** Fields the table does not know: kept in the file and never read by Lena, shown all the same. */
  ignored: ApprovalFieldView[];
  references: ApprovalReferenceView[];
  risks: RiskFlag[];
  /** The sandbox the server will run under (a project entry without the field gets the default). */
  sandbox: ApprovalSandboxView | null;
}

export interface ApprovalRequestOptions {
  /** References granted by an earlier approval of this exact entry (ticked in the view). */
  granted?: readonly string[];
  /** Where `${secret:…}` is read: Lena's secret store (window) or the environment (command line). */
  secrets?: 'store' | 'env';
  /** The entry replaces a server of the same name in the user's own configuration. */
  shadowsUser?: boolean;
}

/** The flag of a project entry named like one of the user's servers: it takes that name, and nothing the user gave that server. */
export function shadowsUserFlag(name: string): RiskFlag {
  return {
    kind: 'shadows-user',
    where: 'name',
    message: `replaces your own server "${name}" of the same name while this project is open; it gets none of that server's trust, rules, sampling answers, folders or other settings`,
  };
}

/** Hash of the whole entry (env values and headers included). The config module's `entryHash` may replace it. */
export const hashEntry = (entry: LaunchEntry): string => stableHash(entry);

const quote = (arg: string) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
const MASK = '••••••';
const API_KEY_REFS = new Set(['ANTHROPIC_API_KEY', 'secret:anthropic-api-key']);

/** A template split at its `${…}` references; text in other `${…}` syntax (a shell's `${1}`) stays literal. */
export function templateParts(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$\{([^}]*)\}/g)) {
    const key = referenceKey(match[1]);
    if (key === undefined) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), ref: null });
    parts.push({ text: match[0], ref: key });
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), ref: null });
  return parts;
}

const literalOf = (parts: TemplatePart[]) =>
  parts
    .filter((p) => p.ref === null)
    .map((p) => p.text)
    .join('');
const maskLiterals = (parts: TemplatePart[]) =>
  parts.map((p) => (p.ref === null && p.text.trim() !== '' ? MASK : p.text)).join('');

const FIELD_RISKS = new Set<RiskFlag['kind']>([
  'loader-env',
  'api-key',
  'oauth-read',
  'oauth-reference',
]);

function field(
  where: string,
  name: string,
  value: string,
  masked: string | null,
  risks: RiskFlag[],
): ApprovalFieldView {
  const found = risks.filter((r) => r.where === where && FIELD_RISKS.has(r.kind));
  return {
    where,
    name,
    parts: templateParts(value),
    masked,
    risk: found.length ? found.map((r) => r.message).join('; ') : null,
  };
}

/** A value as written: text as is, lists space-separated, numbers, switches and objects as JSON. */
const valueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(String).join(' ')
      : JSON.stringify(value);

function sourceOf(
  ref: { kind: 'secret' | 'variable'; name: string; fallback?: string },
  secrets: 'store' | 'env',
): string {
  if (ref.kind === 'secret') {
    return secrets === 'store'
      ? "Lena's secret store"
      : `environment variable ${ref.name} (the command line has no secret store)`;
  }
  return ref.fallback !== undefined
    ? `environment variable ${ref.name}, else the default "${ref.fallback}"`
    : `environment variable ${ref.name}`;
}

/** The sandbox a project stdio entry runs under once approved; null for a remote entry. */
export function approvalSandbox(entry: LaunchEntry): ApprovalSandboxView | null {
  if (entry.command === undefined) return null;
  const policy = entry.sandbox;
  if (policy === undefined || policy === true)
    return { policy: 'default', summary: describeSandbox(true), optional: policy === undefined };
  if (policy === false)
    return {
      policy: 'off',
      summary: 'runs without the sandbox: it has your own rights to files and the network',
      optional: false,
    };
  return { policy: 'own', summary: describeSandboxInFull(policy), optional: false };
}

/** Builds the approval request for one project server entry. */
// Long: builds each section of the approval from one entry, in order.
export function approvalRequest(
  name: string,
  entry: LaunchEntry,
  entryHash: string = hashEntry(entry),
  options: ApprovalRequestOptions = {},
): ApprovalRequest {
  const args = (entry.args ?? []).map(String);
  const transport = entry.url !== undefined && entry.command === undefined ? 'http' : 'stdio';
  const risks = [...(options.shadowsUser ? [shadowsUserFlag(name)] : []), ...riskFlags(entry)];
  const shownArgs = redactArgs(args);
  const granted = new Set(options.granted ?? []);
  const shownUrl = entry.url !== undefined ? redactUrl(entry.url) : undefined;
  return {
    name,
    entryHash,
    transport,
    ...(entry.command !== undefined
      ? { command: entry.command, commandLine: [entry.command, ...args].map(quote).join(' ') }
      : {}),
    args,
    ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
    envNames: Object.keys(entry.env ?? {}),
    ...(entry.url !== undefined ? { url: entry.url } : {}),
    headerNames: Object.keys(entry.headers ?? {}),
    argFields: args.map((arg, i) =>
      field(
        `args[${i}]`,
        '',
        arg,
        shownArgs[i] !== arg ? shownArgs[i].replace('[redacted]', MASK) : null,
        risks,
      ),
    ),
    env: Object.entries(entry.env ?? {}).map(([key, value]) => {
      const parts = templateParts(String(value));
      return field(
        `env.${key}`,
        key,
        String(value),
        looksLikeCredential(key, literalOf(parts)) ? maskLiterals(parts) : null,
        risks,
      );
    }),
    headers: Object.entries(entry.headers ?? {}).map(([key, value]) => {
      const parts = templateParts(String(value));
      const secret = looksLikeCredential(
        key,
        literalOf(parts).replace(/^\s*(?:bearer|basic|token)\s*/i, ''),
      );
      return field(
        `headers.${key}`,
        key,
        String(value),
        secret ? redactHeaderValue(String(value)).split('[redacted]').join(MASK) : null,
        risks,
      );
    }),
    ...(entry.url !== undefined
      ? {
          urlField: field(
            'url',
            '',
            entry.url,
            shownUrl !== entry.url ? (shownUrl ?? '').split('[redacted]').join(MASK) : null,
            risks,
          ),
        }
      : {}),
    oauth: Object.entries(entry.oauth ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => field(`oauth.${key}`, key, valueText(value), null, risks)),
    options: entryValues(entry)
      .filter((v) => v.rule.group === 'options')
      .map((v) => field(v.where, v.name, valueText(v.value), null, risks)),
    // Never expanded, so a `${…}` in them is text, not a reference to grant.
    ignored: unknownFields(entry).map(([key, value]) => ({
      ...field(key, key, valueText(value), null, risks),
      parts: [{ text: valueText(value), ref: null }],
    })),
    references: entryReferences(entry).map((ref) => ({
      key: ref.key,
      token: ref.token,
      kind: ref.kind,
      source: sourceOf(ref, options.secrets ?? 'store'),
      where: ref.where,
      granted: granted.has(ref.key),
      blocked: API_KEY_REFS.has(ref.key)
        ? 'your Anthropic API key is never passed to a server'
        : null,
    })),
    risks,
    sandbox: approvalSandbox(entry),
  };
}

const shown = (f: ApprovalFieldView, reveal: boolean) =>
  !reveal && f.masked !== null
    ? `${f.masked}  (looks like a credential; masked)`
    : f.parts.map((p) => p.text).join('');

/** Plain text of a request, for `lena mcp approve` to print before it asks. */
export function describeApproval(
  request: ApprovalRequest,
  options: { reveal?: boolean } = {},
): string {
  const reveal = options.reveal === true;
  const lines = [`Server "${request.name}" (${request.transport})`];
  if (request.command !== undefined) {
    lines.push(`  command: ${request.command}`);
    request.argFields.forEach((f, i) => lines.push(`  args[${i}]: ${shown(f, reveal)}`));
  }
  if (request.cwd) lines.push(`  cwd: ${request.cwd}`);
  if (request.sandbox) lines.push(`  sandbox: ${request.sandbox.summary}`);
  for (const f of request.env)
    lines.push(`  env ${f.name}=${shown(f, reveal)}${f.risk ? `   ! ${f.risk}` : ''}`);
  if (request.urlField) lines.push(`  url: ${shown(request.urlField, reveal)}`);
  for (const f of request.headers) lines.push(`  header ${f.name}: ${shown(f, reveal)}`);
  for (const f of request.oauth)
    lines.push(`  oauth.${f.name}: ${shown(f, reveal)}${f.risk ? `   ! ${f.risk}` : ''}`);
  for (const f of request.options) lines.push(`  ${f.where}: ${shown(f, reveal)}`);
  for (const f of request.ignored)
    lines.push(`  ${f.name}: ${shown(f, reveal)}   (Lena does not read this field)`);
  if (request.references.length) {
    lines.push('  references (each must be granted, or the server does not start):');
    for (const r of request.references) {
      lines.push(
        `    ${r.token}  from ${r.source}; used in ${r.where.join(', ')}${r.blocked ? `  (never passed: ${r.blocked})` : ''}`,
      );
    }
  }
  for (const risk of request.risks) lines.push(`  ! ${risk.where}: ${risk.message}`);
  return lines.join('\n');
}
