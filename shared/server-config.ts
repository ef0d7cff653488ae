// MCP server configuration as the window and core both see it: the `.mcp.json` entry shape, the
// scope a server comes from, and the merged view that says which scope won.

/** Transport names accepted in a `.mcp.json` entry's `type` field. */
export const SERVER_TYPES = ['stdio', 'http', 'sse'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];

/**
 * How Lena will actually connect: an entry with a `url` and no `type` tries Streamable HTTP first
 * and falls back to the older HTTP+SSE transport, as Claude Code and Cursor do.
 */
export type ResolvedTransport = ServerType | 'http-with-sse-fallback';

/** Where a server is defined: Lena's `mcp.json`, a project's `.mcp.json`, or a `--config FILE`. */
export type ServerScope = 'user' | 'project' | 'explicit';

/** One entry of `mcpServers`, as written in the file. Unknown fields are kept on rewrite. */
export interface ServerEntry {
  type?: ServerType;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** Seconds per request (default 60). */
  timeout?: number;
  /** Seconds for the whole start: spawn, initialize, first listings (default 120). */
  startupTimeout?: number;
  disabled?: boolean;
  /** Pins the MCP protocol era; by default Lena uses the best one the server offers. */
  protocol?: ProtocolPin;
  /** OAuth options for a remote server that needs sign-in (issue 20). */
  oauth?: OAuthEntry;
  /**
   * Run a local server in the sandbox: `true` for the default policy, an object for its own
   * (field names as `@anthropic-ai/sandbox-runtime`'s settings), `false` or absent: unsandboxed.
   */
  sandbox?: boolean | SandboxPolicy;
  /** An installed MCP bundle, `NAME@VERSION`: its manifest says how it starts (issue 45). */
  bundle?: string;
  /** The bundle's settings; a sensitive one as `${secret:NAME}`. */
  userConfig?: Record<string, string | number | boolean | string[]>;
  [key: string]: unknown;
}

/** A stdio entry's sandbox policy; what it leaves out keeps the default (sandbox/policy.ts). */
export interface SandboxPolicy {
  filesystem?: {
    allowRead?: string[];
    denyRead?: string[];
    allowWrite?: string[];
    denyWrite?: string[];
  };
  network?: { allowedDomains?: string[]; deniedDomains?: string[] };
}

/** A server entry's `oauth`: a pre-registered client and sign-in options; all optional. */
export interface OAuthEntry {
  clientId?: string;
  /** A reference, never the secret itself: "${secret:NAME}" or "${VAR}". */
  clientSecret?: string;
  scopes?: string[];
  /** A fixed loopback port for the redirect, when the client was registered with one. */
  callbackPort?: number;
  /** An https URL of a Client ID Metadata Document to use where the server supports CIMD. */
  clientMetadataUrl?: string;
  /** "client_credentials": a machine client that gets tokens with its own credentials, no browser (issue 21). */
  grant?: 'authorization_code' | 'client_credentials' | 'jwt_bearer' | 'enterprise';
  /** A reference to a PKCS#8 PEM key for private_key_jwt: "${secret:NAME}". */
  privateKey?: string;
  /** Or the path of a PKCS#8 PEM key file for private_key_jwt (read at each grant, never copied). */
  privateKeyFile?: string;
  /** The key's JWS algorithm: ES256, ES384, RS256, PS256 or EdDSA. */
  signingAlgorithm?: string;
  /** "jwt_bearer": the file, or the environment variable, holding the platform's workload JWT. */
  assertionFile?: string;
  assertionEnv?: string;
  /** "enterprise": the company identity provider's token endpoint and Lena's client id there. */
  idpTokenEndpoint?: string;
  idpClientId?: string;
  /** DPoP (RFC 9449): absent, where the authorization server offers it; true, always; false, never. */
  dpop?: boolean;
}

/** The protocol revisions an entry may pin with `"protocol"`. */
export const PROTOCOL_PINS = ['2026-07-28', '2025-11-25'] as const;
export type ProtocolPin = (typeof PROTOCOL_PINS)[number];

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 60;
export const DEFAULT_STARTUP_TIMEOUT_SECONDS = 120;

/** A problem found in a configuration file, precise enough to fix it without guessing. */
export interface ConfigIssue {
  file: string;
  /** The server entry concerned; absent for file-level problems. */
  server?: string;
  /** The field concerned, e.g. `args[2]` or `env.API_KEY`. */
  field?: string;
  /** 1-based, for JSON syntax errors. */
  line?: number;
  column?: number;
  /** The whole sentence to show: file, position, server, field, what is expected. */
  message: string;
}

/** A server definition after scopes are merged: the winning entry, and what it shadows. */
export interface ConfiguredServer {
  name: string;
  scope: ServerScope;
  /** The file the winning entry comes from. */
  file: string;
  /** The entry as written (unexpanded); absent when the entry is invalid. */
  entry?: ServerEntry;
  transport?: ResolvedTransport;
  disabled: boolean;
  /** Non-empty when the winning entry is invalid: the server cannot start until it is fixed. */
  issues: ConfigIssue[];
  /** Entries of the same name in lower-precedence scopes, replaced whole by this one. */
  shadowed: { scope: ServerScope; file: string }[];
}
