// The agents service: agents.json's entries with `${VAR}` / `${secret:NAME}` expanded by the same
// code as server entries (mcp/config/expand.ts), each agent's card fetched and checked, and the
// tool Claude sees for each ready agent, and the OAuth sign-in a card declares (agents/auth.ts), or
// the one a card behind a sign-in names in its 401 (RFC 9728 resource metadata, as MCP servers do).
// The window, `lena agents` and `lena chat` ask this service.
import type { AgentCard } from '@a2a-js/sdk';
import type Anthropic from '@anthropic-ai/sdk';
import {
  agentSignInAdvice,
  agentToolName,
  type AgentCardView,
  type AgentEntry,
  type AgentView,
} from '../../../shared/a2a';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { sha256Hex, stableStringify } from '../base/stable-json';
import { expandEntry, type SecretLookup } from '../mcp/config/expand';
import type { OAuthProvider } from '../mcp/auth/provider';
import type { BearerChallenge } from '../mcp/auth/types';
import { authorizedFetch, type AgentAuth, type AgentSignInTarget } from './auth';
import { AGENT_INPUT_SCHEMA, toolDescription } from './card';
import { AgentConnection, CardLockedError, fetchCard, type AgentTarget } from './client';
import { addAgent, readAgents, removeAgent, type ReadEntry } from './entries';
import { oauthSchemeOf, type AgentOAuthScheme } from './oauth-scheme';

export interface AgentsServiceOptions {
  /** agents.json in Lena's home. */
  file: string;
  env?: NodeJS.ProcessEnv;
  /** Lena's secret store (absent: `${secret:NAME}` falls back to the environment, as for servers). */
  secrets?: SecretLookup;
  /** How long a card fetch may take (default 10 s). */
  cardTimeoutMs?: number;
  /** How long a fetched card is reused (default 60 s). */
  cardTtlMs?: number;
  /** OAuth sign-ins for agents whose card declares one; without it, such agents get advice only. */
  auth?: AgentAuth;
}

/** An agent's identity for the gate and the audit: its name and a hash of its entry as written. */
export interface AgentIdentity {
  name: string;
  hash: string;
}

interface Fetched {
  at: number;
  card?: AgentCard;
  view?: AgentCardView;
  error?: string;
  /** The card is behind a sign-in (401/403). */
  locked?: boolean;
  /** The Bearer challenge the card's 401/403 carried. */
  challenge?: BearerChallenge;
}

/** An agent as its entry names it: what its sign-in is keyed by. */
interface Who {
  name: string;
  url: string;
  entry: AgentEntry;
}

const identityOf = (name: string, entry: AgentEntry): AgentIdentity => ({
  name,
  hash: sha256Hex(stableStringify({ kind: 'a2a', url: entry.url, headers: entry.headers ?? {} })),
});

export class AgentsService {
  private readonly cards = new Map<string, Fetched>();
  /**
   * Agents whose card answered 401 naming its resource metadata (RFC 9728), by card key: Lena
   * signs in to them as to an MCP server, and their card and requests then carry the token.
   */
  private readonly cardSchemes = new Map<string, AgentOAuthScheme>();

  constructor(private readonly options: AgentsServiceOptions) {}

  /** Expands the entry's references; a missing variable or secret says which. */
  async target(
    entry: AgentEntry,
  ): Promise<{ ok: true; target: AgentTarget } | { ok: false; reason: string }> {
    const expanded = await expandEntry(
      { type: 'http', url: entry.url, ...(entry.headers ? { headers: entry.headers } : {}) },
      {
        env: this.options.env ?? process.env,
        ...(this.options.secrets ? { secrets: this.options.secrets } : {}),
      },
    );
    if (!expanded.ok) return { ok: false, reason: expanded.message };
    const launch = expanded.launch;
    if (launch.transport === 'stdio') return { ok: false, reason: 'an agent is reached by URL' };
    return { ok: true, target: { url: launch.url, headers: launch.headers } };
  }

  private async fetchOnce(target: AgentTarget, name: string, signIn?: OAuthProvider) {
    try {
      const { card, view } = await fetchCard(target, {
        ...(this.options.cardTimeoutMs ? { timeoutMs: this.options.cardTimeoutMs } : {}),
        ...(signIn ? { withToken: (f: typeof fetch) => authorizedFetch(f, signIn, name) } : {}),
      });
      return { at: Date.now(), card, view };
    } catch (err) {
      return {
        at: Date.now(),
        error: err instanceof Error ? err.message : String(err),
        ...(err instanceof LenaError && err.code === ERROR_CODE.signInRequired
          ? { locked: true }
          : {}),
        ...(err instanceof CardLockedError && err.challenge ? { challenge: err.challenge } : {}),
      };
    }
  }

  private async card(key: string, target: AgentTarget, fresh: boolean, who: Who) {
    const ttl = this.options.cardTtlMs ?? 60_000;
    const cached = this.cards.get(key);
    if (!fresh && cached && Date.now() - cached.at < ttl) return cached;
    let fetched: Fetched = await this.fetchOnce(target, who.name, this.cardSignIn(key, who));
    const metadataUrl = fetched.challenge?.resourceMetadata;
    if (metadataUrl && this.options.auth && !this.cardSchemes.has(key)) {
      // Learnt from this 401: a token kept from before (a restart) lets the card load now.
      const scopes = fetched.challenge?.scope ?? [];
      this.cardSchemes.set(key, { kind: 'resource-metadata', metadataUrl, scopes });
      const signIn = this.cardSignIn(key, who)!;
      if ((await signIn.state()).signedIn) fetched = await this.fetchOnce(target, who.name, signIn);
    }
    this.cards.set(key, fetched);
    return fetched;
  }

  /** The sign-in of an agent whose card is behind one (its 401 named the resource metadata). */
  private cardTargetOf(key: string, who: Who): AgentSignInTarget | undefined {
    const scheme = this.cardSchemes.get(key);
    if (!scheme || !this.options.auth) return undefined;
    return {
      name: who.name,
      url: who.url,
      endpoint: who.url,
      scheme,
      ...(who.entry.oauth?.clientId ? { clientId: who.entry.oauth.clientId } : {}),
    };
  }

  private cardSignIn(key: string, who: Who): OAuthProvider | undefined {
    const t = this.cardTargetOf(key, who);
    return t && this.options.auth?.provider(t);
  }

  private async viewOf(read: ReadEntry, fresh: boolean): Promise<AgentView> {
    if (!read.ok)
      return {
        name: read.name,
        url: '',
        headers: [],
        enabled: false,
        state: 'invalid-card',
        reason: `agents.json: ${read.problem}`,
        card: null,
      };
    const { name, entry } = read;
    const base = {
      name,
      url: entry.url,
      headers: Object.keys(entry.headers ?? {}),
      enabled: entry.enabled !== false,
    };
    if (!base.enabled) return { ...base, state: 'disabled', reason: 'switched off', card: null };
    const target = await this.target(entry);
    if (!target.ok)
      return { ...base, state: 'skipped', reason: `skipped: ${target.reason}`, card: null };
    const key = `${name}\0${identityOf(name, entry).hash}`;
    const who = { name, url: target.target.url, entry };
    const fetched = await this.card(key, target.target, fresh, who);
    const cardTarget = this.cardTargetOf(key, who);
    if (fetched.view) {
      const signIn = cardTarget
        ? { signIn: await this.signInState(cardTarget) }
        : await this.signInView(name, target.target.url, read.entry, fetched);
      // Lena can sign in to it (its card's OAuth, or the one its card is behind).
      const card = cardTarget ? { ...fetched.view, oauth: true } : fetched.view;
      return { ...base, state: 'ready', reason: null, card, ...signIn };
    }
    if (fetched.locked && cardTarget)
      return {
        ...base,
        state: 'needs-sign-in',
        reason: `${fetched.error} Sign in to read it: Sign in on the Servers page, or run \`lena agents login ${name}\`.`,
        card: null,
        signIn: await this.signInState(cardTarget),
      };
    // A card behind a sign-in that names nothing Lena could sign in with: a token as a header does.
    if (fetched.locked)
      return {
        ...base,
        state: 'needs-sign-in',
        reason: `${fetched.error} ${agentSignInAdvice(name, false)}`,
        card: null,
      };
    const invalidCard = /not valid/.test(fetched.error ?? '');
    return {
      ...base,
      state: invalidCard ? 'invalid-card' : 'unreachable',
      reason: fetched.error ?? 'unknown error',
      card: null,
    };
  }

  /** Every agent with its state and card (cards fetched in parallel, reused for a minute). */
  async list(options: { fresh?: boolean } = {}): Promise<AgentView[]> {
    const entries = await readAgents(this.options.file);
    return Promise.all(entries.map((e) => this.viewOf(e, options.fresh === true)));
  }

  private async entry(name: string): Promise<Extract<ReadEntry, { ok: true }>> {
    const entries = await readAgents(this.options.file);
    const found = entries.find((e) => e.name === name);
    if (!found)
      throw new LenaError(
        ERROR_CODE.notFound,
        `No agent named "${name}". Agents: ${entries.map((e) => e.name).join(', ') || '(none)'}; add one with lena agents add NAME URL.`,
      );
    if (!found.ok) throw new LenaError(ERROR_CODE.invalidConfig, `agents.json: ${found.problem}`);
    return found;
  }

  /** One agent, its card fetched afresh. */
  async show(name: string): Promise<AgentView> {
    return this.viewOf(await this.entry(name), true);
  }

  /** Adds an agent, then fetches its card: the entry stays even when the card cannot be had. */
  async add(
    name: string,
    entry: AgentEntry,
    options: { replace?: boolean } = {},
  ): Promise<AgentView> {
    await addAgent(this.options.file, name, entry, options);
    return this.show(name);
  }

  /** Removes the agent, and forgets (revoking where it can) the tokens of its sign-in. */
  async remove(name: string): Promise<void> {
    const read = (await readAgents(this.options.file)).find((e) => e.name === name);
    if (read?.ok) await this.signOut(name).catch(() => undefined);
    await removeAgent(this.options.file, name);
  }

  private async signInState(t: AgentSignInTarget): Promise<NonNullable<AgentView['signIn']>> {
    const state = await this.options.auth!.state(t);
    return {
      signedIn: state.signedIn,
      ...(state.account ? { account: state.account } : {}),
      ...(state.scopes ? { scopes: state.scopes } : {}),
      ...(state.expiresAt ? { expiresAt: state.expiresAt } : {}),
    };
  }

  private async signInView(
    name: string,
    url: string,
    entry: AgentEntry,
    fetched: Fetched,
  ): Promise<{ signIn?: AgentView['signIn'] }> {
    const scheme = fetched.card ? oauthSchemeOf(fetched.card) : null;
    if (!scheme || !this.options.auth || !fetched.view) return {};
    return { signIn: await this.signInState(this.signInTargetOf(name, url, entry, fetched)) };
  }

  private signInTargetOf(
    name: string,
    url: string,
    entry: AgentEntry,
    fetched: Fetched,
  ): AgentSignInTarget {
    return {
      name,
      url,
      endpoint: fetched.view!.endpoint,
      scheme: oauthSchemeOf(fetched.card)!,
      ...(entry.oauth?.clientId ? { clientId: entry.oauth.clientId } : {}),
    };
  }

  /** The sign-in the agent's card declares; a clear error when there is none Lena can run. */
  private async signInTarget(
    name: string,
    fresh: boolean,
  ): Promise<{ url: string; key: string; target?: AgentSignInTarget; problem?: string }> {
    const { entry } = await this.entry(name);
    const expanded = await this.target(entry);
    if (!expanded.ok) throw new LenaError(ERROR_CODE.missingReference, expanded.reason);
    const url = expanded.target.url;
    const key = `${name}\0${identityOf(name, entry).hash}`;
    const who = { name, url, entry };
    const fetched = await this.card(key, expanded.target, fresh, who);
    const cardTarget = this.cardTargetOf(key, who);
    if (cardTarget) return { url, key, target: cardTarget };
    if (!fetched.view) return { url, key, problem: fetched.error ?? 'its card cannot be read' };
    if (!oauthSchemeOf(fetched.card))
      return {
        url,
        key,
        problem: `its card declares no OAuth sign-in Lena can run (${fetched.view.authentication.join('; ') || 'no authentication'})`,
      };
    return { url, key, target: this.signInTargetOf(name, url, entry, fetched) };
  }

  /** Signs in to the agent (its card's OAuth), joining a sign-in under way. */
  async signIn(name: string): Promise<NonNullable<AgentView['signIn']>> {
    const auth = this.options.auth;
    const { key, target, problem } = await this.signInTarget(name, true);
    if (!auth || !target)
      throw new LenaError(
        ERROR_CODE.signInFailed,
        `Lena cannot sign in to agent ${name}: ${problem ?? 'sign-ins are not available here'}. ${agentSignInAdvice(name, false)}`,
      );
    const state = await auth.signIn(target);
    this.cards.delete(key); // a card behind the sign-in is read with the token next time
    return {
      signedIn: state.signedIn,
      ...(state.account ? { account: state.account } : {}),
      ...(state.scopes ? { scopes: state.scopes } : {}),
    };
  }

  cancelSignIn(name: string): boolean {
    return this.options.auth?.cancelSignIn(name) ?? false;
  }

  /** Forgets the agent's tokens (revoked first where its card still names the server). */
  async signOut(name: string): Promise<{ signedOut: boolean; revoked: boolean }> {
    const auth = this.options.auth;
    if (!auth) return { signedOut: false, revoked: false };
    const { url, key, target } = await this.signInTarget(name, false);
    const out = await auth.signOut(name, url, target);
    this.cards.delete(key);
    return out;
  }

  async identity(name: string): Promise<AgentIdentity> {
    const { entry } = await this.entry(name);
    return identityOf(name, entry);
  }

  /** The tool of every enabled agent whose card was read, for Claude's request. */
  async tools(): Promise<Anthropic.Messages.Tool[]> {
    // A damaged agents.json leaves Claude without agents, never without a chat (the list says why).
    const views = await this.list().catch(() => []);
    return views
      .filter((v) => v.state === 'ready' && v.card)
      .map((v) => ({
        name: agentToolName(v.name),
        description: toolDescription(v.name, v.card!),
        input_schema: AGENT_INPUT_SCHEMA as unknown as Anthropic.Messages.Tool.InputSchema,
      }));
  }

  /** A connection to one ready agent, with its identity; a clear error when it is not ready. */
  async connect(name: string): Promise<{ connection: AgentConnection; identity: AgentIdentity }> {
    const read = await this.entry(name);
    const view = await this.viewOf(read, false);
    if (view.state !== 'ready' || !view.card)
      throw new LenaError(
        // A card behind a sign-in Lena can run: the caller may ask for it and connect again.
        view.state === 'needs-sign-in' && view.signIn
          ? ERROR_CODE.signInRequired
          : ERROR_CODE.unavailable,
        `Agent ${name} is not available: ${view.reason}`,
      );
    const target = await this.target(read.entry);
    if (!target.ok) throw new LenaError(ERROR_CODE.missingReference, target.reason);
    const key = `${name}\0${identityOf(name, read.entry).hash}`;
    const fetched = this.cards.get(key)!;
    const auth = this.options.auth;
    const signIn =
      this.cardSignIn(key, { name, url: target.target.url, entry: read.entry }) ??
      (auth && oauthSchemeOf(fetched.card)
        ? auth.provider(this.signInTargetOf(name, target.target.url, read.entry, fetched))
        : undefined);
    const connection = await AgentConnection.open(
      target.target,
      fetched.card!,
      view.card,
      signIn && {
        withToken: (f) => authorizedFetch(f, signIn, name),
        hasToken: async () => (await signIn.state()).signedIn,
      },
    );
    return { connection, identity: identityOf(name, read.entry) };
  }
}
