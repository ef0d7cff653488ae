// A2A agents as Lena sees them, on both sides: an entry of agents.json, what its Agent Card says,
// and a delegation's task as it shows on the tool card. The SDK's own types stay in core/a2a.

/** An agent's name: the tool Claude sees is `a2a__NAME`. */
export const AGENT_NAME = /^[a-z0-9-]{1,48}$/;

/** The prefix of every agent tool; `a2a__*` names them all in deny and ask rules. */
export const AGENT_TOOL_PREFIX = 'a2a__';

export const agentToolName = (name: string): string => `${AGENT_TOOL_PREFIX}${name}`;

/** The agent a tool name delegates to, or null when it is not an agent tool. */
export function agentOfTool(qualifiedName: string): string | null {
  if (!qualifiedName.startsWith(AGENT_TOOL_PREFIX)) return null;
  const name = qualifiedName.slice(AGENT_TOOL_PREFIX.length);
  return AGENT_NAME.test(name) ? name : null;
}

/** One entry of agents.json, as written (`${VAR}` and `${secret:NAME}` unexpanded). */
export interface AgentEntry {
  url: string;
  headers?: Record<string, string>;
  /** Absent or true: offered to Claude. */
  enabled?: boolean;
  /** For the OAuth sign-in the card declares: a client id registered for Lena, where the agent's authorization server does not let Lena register itself. */
  oauth?: { clientId?: string };
}

export interface AgentSkillView {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
}

/** What an agent's card says, in Lena's words. */
export interface AgentCardView {
  name: string;
  description: string;
  version: string;
  /** The protocol the agent speaks: '1.0', or '0.3' through the compatibility layer. */
  protocolVersion: string;
  /** How Lena reaches it: JSONRPC or HTTP+JSON, with the address. */
  binding: string;
  endpoint: string;
  streaming: boolean;
  pushNotifications: boolean;
  inputModes: string[];
  outputModes: string[];
  skills: AgentSkillView[];
  /** The schemes the card declares ("bearer (http)", "oauth2"), empty when it needs none. */
  authentication: string[];
  /** The card declares an OAuth sign-in Lena runs (an authorization-code flow, OpenID Connect). */
  oauth: boolean;
  provider: string | null;
}

/** An agent's standing: `ready` with its card, or why it is not. */
export type AgentState =
  'ready' | 'disabled' | 'skipped' | 'unreachable' | 'invalid-card' | 'needs-sign-in';

/** The OAuth sign-in of an agent whose card declares one. */
export interface AgentSignInView {
  signedIn: boolean;
  account?: string;
  scopes?: string[];
  expiresAt?: number;
}

export interface AgentView {
  name: string;
  url: string;
  /** Header names only: values may hold secrets. */
  headers: string[];
  enabled: boolean;
  state: AgentState;
  /** What failed and what to do, when not ready. */
  reason: string | null;
  card: AgentCardView | null;
  /** Present when the card declares an OAuth sign-in Lena can run. */
  signIn?: AgentSignInView;
}

/** A2A task states, in the spec's words. */
export type DelegationState =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'auth-required'
  | 'completed'
  | 'failed'
  | 'canceled'
  | 'rejected'
  | 'unknown';

export const FINAL_STATES: ReadonlySet<DelegationState> = new Set([
  'completed',
  'failed',
  'canceled',
  'rejected',
]);

export interface DelegationArtifact {
  name: string;
  /** Text parts joined; data parts as JSON. */
  text: string;
  /** Bytes of the whole artifact as received. */
  bytes: number;
  /** Files by name and media type ("report.pdf, application/pdf"). */
  files: string[];
  /** Past the inline limit: the whole artifact kept as a file in Lena's home. */
  path?: string;
  /** Past the keep cap too: why no file was kept (the size and the setting). */
  notKept?: string;
}

/** Sizes in the words of a note: "512 bytes", "3.5 KB", "104.9 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1048576) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / 1048576).toFixed(1))} MB`;
}

/** Why an artifact past the keep cap has no file: its size, the cap and the setting that sets it. */
export function notKeptNote(bytes: number, limit: number): string {
  const size = bytes > limit ? sizeWords(bytes) : `more than ${sizeWords(limit)}`;
  return (
    `Not kept as a file: at ${size} it is over the keep cap of ${sizeWords(limit)} ` +
    `(the setting agentLimits.keepBytes, now ${limit} bytes). Only its first part was shown and given to Claude.`
  );
}

/** The secret a token for agent NAME is kept under, as `lena agents` advice names it. */
export const agentTokenSecret = (agent: string): string =>
  `AGENT_${agent.toUpperCase().replace(/-/g, '_')}_TOKEN`;

/**
 * What to do when an agent needs a sign-in. `oauth`: the card declares an OAuth sign-in, which Lena
 * runs; else a token kept as a secret and sent as a header.
 */
export function agentSignInAdvice(agent: string, oauth: boolean): string {
  if (oauth)
    return (
      `Agent ${agent} needs a sign-in. Sign in when Lena asks (or run \`lena agents login ${agent}\`), ` +
      'then ask again.'
    );
  const secret = agentTokenSecret(agent);
  return (
    `Agent ${agent} needs a sign-in. Get an access token from the agent's provider, keep it with ` +
    `\`lena secrets set ${secret}\`, then add the agent again with the token as a header: ` +
    `\`lena agents remove ${agent}\` and ` +
    `\`lena agents add ${agent} URL -H "Authorization: Bearer \${secret:${secret}}"\` ` +
    `(URL is the agent's address, as \`lena agents show ${agent}\` prints it).`
  );
}

/** A delegation as the tool card shows it, live. */
export interface DelegationView {
  agent: string;
  taskId: string | null;
  contextId: string | null;
  state: DelegationState;
  /** The agent's latest status message. */
  status: string | null;
  artifacts: DelegationArtifact[];
  /** Input rounds used so far. */
  rounds: number;
  /** What the user can do when the task stopped for a sign-in. */
  advice?: string;
}
