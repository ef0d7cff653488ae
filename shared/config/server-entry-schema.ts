// The zod schema of one `mcpServers` entry, and the checks zod cannot express field by field
// (command versus url, names that become part of tool names). Every problem becomes a sentence
// naming the file, the server, the field and what is expected. Pure (no Node imports): the
// window's JSON editor validates with this very module.
import { z } from 'zod/mini';
import { globalConfig, memoizer } from 'zod/v4/core';
import { en } from 'zod/locales';
import {
  PROTOCOL_PINS,
  SERVER_TYPES,
  type ConfigIssue,
  type ResolvedTransport,
  type ServerEntry,
} from '../server-config';

/** Server names become part of tool names (`mcp__NAME__tool`), which allow only these characters. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_SERVER_NAME_LENGTH = 64;

// zod/mini: the same checks and messages as zod's classic API (both are zod's core), without
// classic's dozens of methods set on every schema object, which made building this module's
// schemas most of `lena mcp list`'s start-up. Like classic zod, English messages and the cycle
// memoizer are installed unless something already chose its own.
if (!globalConfig.localeError) z.config(en());
if (!globalConfig.memoizer) z.config({ memoizer: memoizer() });

const nonEmpty = (s: string): boolean => s.trim() !== '';
const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .check(z.refine(nonEmpty, { error: `must not be empty (expected ${what})` }));
const stringMap = (what: string) =>
  z.record(z.string(), z.string({ error: 'must be a string (quote numbers and booleans)' }), {
    error: `must be an object of ${what}, like {"NAME": "value"}`,
  });
const seconds = () =>
  z
    .number({ error: 'must be a number of seconds' })
    .check(
      z.positive({ error: 'must be a positive number of seconds' }),
      z.maximum(86_400, { error: 'must be at most 86400 seconds (one day)' }),
    );

// `oauth` (issue 20). The secret must be a reference so that mcp.json never holds it in clear.
const secretReference = (what: string) =>
  z.string({ error: 'must be a string' }).check(
    z.regex(/^\$\{(secret:[A-Za-z0-9_.-]+|[A-Za-z_][A-Za-z0-9_]*)\}$/, {
      error: `must be a reference such as "\${secret:NAME}" (keep the ${what} itself in Lena's secret store, not in this file)`,
    }),
  );

const oauthSchema = z.strictObject(
  {
    clientId: z.optional(text('a client id')),
    clientSecret: z.optional(secretReference('secret')),
    // Issue 21: a machine client (client credentials) with a secret or a private key (private_key_jwt).
    grant: z.optional(
      z.enum(['authorization_code', 'client_credentials', 'jwt_bearer', 'enterprise'], {
        error:
          'must be "authorization_code" (sign in in the browser), "client_credentials" (a machine client), "jwt_bearer" (a workload with a platform token) or "enterprise" (access granted by the company identity provider)',
      }),
    ),
    // Workload identity: where the platform puts the workload's JWT (read at each grant).
    assertionFile: z.optional(text('a file path')),
    assertionEnv: z.optional(
      z
        .string({ error: 'must be an environment variable name' })
        .check(
          z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable name' }),
        ),
    ),
    // Enterprise-managed authorization: the company identity provider's token endpoint and Lena's client there.
    idpTokenEndpoint: z.optional(
      z.url({
        protocol: /^https?$/,
        error: "must be the URL of the identity provider's token endpoint",
      }),
    ),
    idpClientId: z.optional(text('a client id')),
    privateKey: z.optional(secretReference('key')),
    privateKeyFile: z.optional(text('the path of a PEM key file')),
    dpop: z.optional(
      z.boolean({
        error:
          'must be true (always bind tokens with DPoP) or false (never); leave it out to use DPoP where the server offers it',
      }),
    ),
    signingAlgorithm: z.optional(
      z.enum(['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA'], {
        error: 'must be ES256, ES384, RS256, PS256 or EdDSA',
      }),
    ),
    scopes: z.optional(z.array(text('a scope name'), { error: 'must be an array of scope names' })),
    callbackPort: z.optional(
      z
        .number({ error: 'must be a port number' })
        .check(
          z.int({ error: 'must be a whole port number' }),
          z.minimum(1024, { error: 'must be a port from 1024 to 65535' }),
          z.maximum(65535, { error: 'must be a port from 1024 to 65535' }),
        ),
    ),
    clientMetadataUrl: z.optional(
      z.url({ protocol: /^https$/, error: 'must be an https URL of a client metadata document' }),
    ),
  },
  {
    error:
      'must be an object such as {"clientId": "…", "clientSecret": "${secret:NAME}", "scopes": ["…"]}',
  },
);
const pathList = () =>
  z.optional(z.array(text('a path, such as "~/notes"'), { error: 'must be an array of paths' }));
const domainList = () =>
  z.optional(
    z.array(text('a domain, such as "api.example.com" or "*.example.com"'), {
      error: 'must be an array of domains',
    }),
  );
// `sandbox`: the field names of @anthropic-ai/sandbox-runtime's settings, so one vocabulary serves both.
const sandboxSchema = z.union(
  [
    z.boolean(),
    z.strictObject({
      filesystem: z.optional(
        z.strictObject(
          {
            allowRead: pathList(),
            denyRead: pathList(),
            allowWrite: pathList(),
            denyWrite: pathList(),
          },
          { error: 'must be an object with allowRead, denyRead, allowWrite and denyWrite lists' },
        ),
      ),
      network: z.optional(
        z.strictObject(
          { allowedDomains: domainList(), deniedDomains: domainList() },
          { error: 'must be an object with allowedDomains and deniedDomains lists' },
        ),
      ),
    }),
  ],
  {
    error:
      'must be true (the default sandbox), false (none) or an object such as {"filesystem": {"allowWrite": ["~/notes"]}, "network": {"allowedDomains": []}}',
  },
);
/** Field shapes of a server entry; unknown fields pass through untouched. */
export const serverEntrySchema = z.looseObject({
  type: z.optional(z.enum(SERVER_TYPES, { error: 'must be "stdio", "http" or "sse"' })),
  command: z.optional(text('a command, such as "npx" or an absolute path')),
  args: z.optional(
    z.array(z.string({ error: 'must be a string' }), { error: 'must be an array of strings' }),
  ),
  env: z.optional(stringMap('environment variables')),
  cwd: z.optional(text('a directory path')),
  url: z.optional(text('a URL, such as "https://example.com/mcp"')),
  headers: z.optional(stringMap('HTTP headers')),
  timeout: z.optional(seconds()),
  startupTimeout: z.optional(seconds()),
  disabled: z.optional(z.boolean({ error: 'must be true or false' })),
  protocol: z.optional(
    z.enum(PROTOCOL_PINS, {
      error: `must be "${PROTOCOL_PINS.join('" or "')}" (or left out: Lena picks the best the server offers)`,
    }),
  ),
  oauth: z.optional(oauthSchema),
  sandbox: z.optional(sandboxSchema),
  // An installed MCP bundle (issue 45): its launch comes from its manifest at each start.
  bundle: z.optional(
    z.string({ error: 'must be a string' }).check(
      z.regex(/^[A-Za-z0-9._+-]+@[A-Za-z0-9._+-]+$/, {
        error:
          'must name an installed bundle as NAME@VERSION (lena mcp install FILE.mcpb writes it)',
      }),
    ),
  ),
  userConfig: z.optional(
    z.record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.array(z.string())], {
        error: 'must be a string, a number, true or false, or an array of strings',
      }),
      { error: 'must be an object of the bundle\'s settings, like {"units": "metric"}' },
    ),
  ),
});

/**
 * A short description of a value for messages ("a number (3)", "an array"); with `hideValue`,
 * only its kind ("a number"), for places that hold secrets such as `env` and `headers`.
 */
export function describeValue(value: unknown, hideValue = false): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      if (hideValue) return 'a string';
      return value.length > 40 ? `a string ("${value.slice(0, 37)}...")` : `"${value}"`;
    case 'number':
      return hideValue ? 'a number' : `a number (${value})`;
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** Finds where a server's field (or, without a field, the server's name) is in the file. */
export type EntryLocator = (field?: string) => { line: number; column: number } | undefined;

/**
 * Builds an issue whose message reads `FILE: server "NAME": "FIELD" must be ... (got ...)`, or
 * `FILE:LINE:COLUMN: ...` when the position is known (terminals and editors link that form).
 */
export function entryIssue(
  file: string,
  server: string,
  field: string | undefined,
  problem: string,
  locate?: EntryLocator,
): ConfigIssue {
  const where = field === undefined ? '' : `"${field}" `;
  const at = locate?.(field);
  return {
    file,
    server,
    ...(field === undefined ? {} : { field }),
    ...(at ?? {}),
    message: `${file}${at ? `:${at.line}:${at.column}` : ''}: server "${server}": ${where}${problem}`,
  };
}

/** Why a server name is refused, or undefined when it is fine. */
export function serverNameProblem(name: string): string | undefined {
  if (name === '') return 'a server name must not be empty';
  if (name.length > MAX_SERVER_NAME_LENGTH) {
    return `the name "${name.slice(0, 20)}..." is too long (${name.length} characters; at most ${MAX_SERVER_NAME_LENGTH}), because it becomes part of tool names`;
  }
  if (SERVER_NAME_PATTERN.test(name)) return undefined;
  return (
    `the name "${name}" is not allowed: use only letters, digits, "_" and "-", ` +
    `because the name becomes part of tool names such as mcp__${name.replace(/[^A-Za-z0-9_-]/g, '_')}__TOOL`
  );
}

export type EntryValidation =
  { ok: true; entry: ServerEntry } | { ok: false; issues: ConfigIssue[] };

/** Validates one named entry; never throws. */
export function validateServerEntry(
  file: string,
  name: string,
  raw: unknown,
  locate?: EntryLocator,
): EntryValidation {
  const issues: ConfigIssue[] = [];
  const nameProblem = serverNameProblem(name);
  if (nameProblem) issues.push(entryIssue(file, name, undefined, nameProblem, locate));
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    issues.push(
      entryIssue(
        file,
        name,
        undefined,
        `the entry must be an object such as {"command": "npx", "args": [...]} (got ${describeValue(raw)})`,
        locate,
      ),
    );
    return { ok: false, issues };
  }
  const parsed = serverEntrySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const got = valueAt(raw, issue.path);
      const secretive =
        issue.path.length > 1 &&
        (issue.path[0] === 'env' ||
          issue.path[0] === 'headers' ||
          issue.path[1] === 'clientSecret');
      issues.push(
        entryIssue(
          file,
          name,
          fieldName(issue.path),
          `${issue.message} (got ${describeValue(got, secretive)})`,
          locate,
        ),
      );
    }
  }
  issues.push(...crossFieldIssues(file, name, raw as Record<string, unknown>, locate));
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  // Keep the caller's object (not zod's copy) so key order and unknown fields survive untouched.
  return { ok: true, entry: raw as ServerEntry };
}

function crossFieldIssues(
  file: string,
  name: string,
  raw: Record<string, unknown>,
  locate?: EntryLocator,
): ConfigIssue[] {
  const hasBundle = raw.bundle !== undefined;
  const hasCommand = raw.command !== undefined;
  const hasUrl = raw.url !== undefined;
  const type = raw.type;
  if (hasBundle && (hasCommand || hasUrl || (type !== undefined && type !== 'stdio'))) {
    return [
      entryIssue(
        file,
        name,
        'bundle',
        'starts an installed bundle, whose manifest says how it runs; leave out "command", "url" and "type" other than "stdio"',
        locate,
      ),
    ];
  }
  if (hasBundle) return [];
  if (raw.userConfig !== undefined) {
    return [
      entryIssue(
        file,
        name,
        'userConfig',
        'holds the settings of an installed bundle; it needs "bundle"',
        locate,
      ),
    ];
  }
  if (hasCommand && hasUrl) {
    return [
      entryIssue(
        file,
        name,
        undefined,
        'has both "command" and "url": a server is either started locally (command) or reached remotely (url); keep one of them',
        locate,
      ),
    ];
  }
  if (!hasCommand && !hasUrl) {
    return [
      entryIssue(
        file,
        name,
        undefined,
        'needs "command" (to start a local server) or "url" (to reach a remote server)',
        locate,
      ),
    ];
  }
  if (type === 'stdio' && !hasCommand) {
    return [
      entryIssue(
        file,
        name,
        'type',
        'is "stdio", which needs "command"; for a remote server at "url" use "http" or "sse"',
        locate,
      ),
    ];
  }
  if ((type === 'http' || type === 'sse') && !hasUrl) {
    return [
      entryIssue(
        file,
        name,
        'type',
        `is "${type}", which needs "url"; for a local server started with "command" use "stdio"`,
        locate,
      ),
    ];
  }
  if (raw.oauth !== undefined && !hasUrl) {
    return [
      entryIssue(
        file,
        name,
        'oauth',
        'is only for remote servers (with "url"); a local server started with "command" does not sign in',
        locate,
      ),
    ];
  }
  return [];
}

/** The transport an already-valid entry will use. */
export function resolveTransport(entry: ServerEntry): ResolvedTransport {
  if (entry.type) return entry.type;
  return entry.command !== undefined || entry.bundle !== undefined
    ? 'stdio'
    : 'http-with-sse-fallback';
}
