// What the window sees of the MCP Registry and of an install: servers with their status, the ways
// each installs (packages, remotes) with the fields the user fills in, and the preview of the
// entry (its command line) shown before anything is saved. Secret values never come back.
import type { ServerEntry } from './server-config';

/** Where a field's value goes. */
export type FieldTarget = 'env' | 'header' | 'arg' | 'variable';

/** One input the user gives at install. */
export interface InstallField {
  /** Unique within one install option: `env:NAME`, `header:NAME`, `arg:NAME`, `var:NAME`. */
  key: string;
  target: FieldTarget;
  /** The environment variable, header, argument (`--port`, or a positional's valueHint) or variable. */
  name: string;
  description?: string;
  required: boolean;
  secret: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
  format: 'string' | 'number' | 'boolean' | 'filepath';
  /** The argument may be given more than once (each value is one more occurrence). */
  repeated: boolean;
}

/** What the user typed, by field key; a repeated field takes several values. */
export type FieldValues = Record<string, string | string[] | undefined>;

export type OptionKind = 'npm' | 'pypi' | 'oci' | 'nuget' | 'mcpb' | 'remote' | 'other';

/** One way to install a server: a package run locally, or a remote it connects to. */
export interface InstallOption {
  /** `package:N` or `remote:N`, the index in server.json. */
  id: string;
  kind: OptionKind;
  /** `npm @scope/name@1.2.3`, `remote https://…`. */
  label: string;
  /** The program a package runs with (npx, uvx, docker, dnx). */
  runner?: string;
  transport: 'stdio' | 'http' | 'sse';
  fields: InstallField[];
  /** Why Lena cannot install this option (said, and the option still listed). */
  unsupported?: string;
}

export type RegistryStatus = 'active' | 'deprecated' | 'deleted';

/** One server of a registry page. */
export interface RegistryServerSummary {
  name: string;
  title?: string;
  description: string;
  version: string;
  status: RegistryStatus;
  statusMessage?: string;
  repository?: string;
  websiteUrl?: string;
  packages: { registryType: string; identifier: string; version?: string }[];
  remotes: { type: string; url: string }[];
}

export interface RegistryPageView {
  registry: string;
  servers: RegistryServerSummary[];
  nextCursor?: string;
  /** The registry could not be reached: the page as cached then. */
  stale?: { fetchedAt: string; reason: string };
}

/** One server and how it installs. */
export interface RegistryServerDetail extends RegistryServerSummary {
  options: (InstallOption & { missingRunner?: string })[];
  /** The publisher's words, shown; Lena runs none of it. */
  postInstallInstructions?: string;
  /** The name the entry gets by default. */
  suggestedName: string;
}

/** The entry an install would save, with its command line; secrets as `${secret:NAME}`. */
export interface InstallPreview {
  entry: ServerEntry;
  commandLine: string;
  /** Names of the secrets the install stores. */
  secrets: string[];
  /** Keys of required fields still empty. */
  missing: string[];
}
