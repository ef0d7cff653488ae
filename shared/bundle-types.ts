// What the window and `lena --json` see of an MCP bundle (.mcpb) before it is installed: who made
// it, who signed it, what it declares, and the settings form its manifest's `user_config` asks for.

/** The signature as verified: signed (trusted root), untrusted (pin to install), unsigned, invalid. */
export interface BundleSignatureView {
  status: 'signed' | 'untrusted' | 'unsigned' | 'invalid';
  signer?: string;
  issuer?: string;
  /** SHA-256 of the signing certificate, `AB:CD:…`. */
  fingerprint?: string;
  selfSigned?: boolean;
  /** Why it is untrusted or invalid. */
  reason?: string;
  /** The user pinned this signer for this bundle's name (earlier, or with --trust-signer). */
  pinned?: boolean;
}

/** One setting of the install form, from `user_config`. */
export interface BundleField {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  required: boolean;
  /** Masked in the form, kept in the secret store, never in mcp.json. */
  sensitive: boolean;
  /** Several values (a list of directories, say). */
  multiple: boolean;
  default?: string | number | boolean | string[];
  min?: number;
  max?: number;
}

/** A setting as given: text from a form or `--set`, a list for a `multiple` one. */
export type BundleValues = Record<string, string | string[] | boolean | number | undefined>;

export interface BundlePreview {
  name: string;
  displayName: string;
  version: string;
  description: string;
  author: string;
  /** The icon as a data: URL (PNG), when the bundle has one. */
  icon?: string;
  signature: BundleSignatureView;
  /** node, python, binary or uv. */
  serverType: string;
  /** What it runs on this platform, as the manifest writes it (`${__dirname}`, settings unfilled). */
  commandLine: string;
  tools: { name: string; description?: string }[];
  prompts: { name: string; description?: string }[];
  privacyPolicies: string[];
  homepage?: string;
  fields: BundleField[];
  /** Things said but not blocking: unknown manifest fields, the dxt_version alias. */
  warnings: string[];
  /** What the user should know: a runtime to install, Python not checked. */
  notes: string[];
  /** SHA-256 of the file, hex. */
  sha256: string;
  /** The same bundle name is installed: what changes. */
  reinstall?: { version: string; signer?: string; fingerprint?: string; differences: string[] };
}

/** A bundle opened by core (nothing written yet): `token` names it for the install. */
export interface BundleOpened {
  token: string;
  preview: BundlePreview;
  /** The server's name in mcp.json: the installed entry's when reinstalling. */
  suggestedName: string;
}
