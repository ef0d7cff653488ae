// The one module that holds the A2A client (@a2a-js/sdk): the Agent Card fetched and checked, and
// a connection that sends, follows, polls and cancels a task. A v0.3 agent is spoken to through
// the SDK's compatibility layer, chosen by the card. Callers see Lena's types only.
import { randomUUID } from 'node:crypto';
import { Role, type AgentCard, type SendMessageRequest, type StreamResponse } from '@a2a-js/sdk';
import {
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import type { AgentCardView } from '../../../shared/a2a';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { findAuthError, type BearerChallenge } from '../mcp/auth/types';
import { parseBearerChallenge } from '../mcp/auth/www-authenticate';
import { checkCard } from './card';
import { artifactOf, messageText, snapshotOf, stateOf, type TaskSnapshot } from './convert';

/** An agent as reached: its base URL and the headers sent with every request (already expanded). */
export interface AgentTarget {
  url: string;
  headers: Record<string, string>;
}

/** One thing an agent said while a task ran. */
export type A2aEvent =
  | { kind: 'task'; task: TaskSnapshot }
  | {
      kind: 'status';
      taskId: string;
      contextId: string;
      state: TaskSnapshot['state'];
      status: string | null;
    }
  | {
      kind: 'artifact';
      taskId: string;
      artifact: ReturnType<typeof artifactOf>;
      append: boolean;
    }
  | { kind: 'message'; contextId: string; text: string };

const LEGACY = { legacyCompat: { enabled: true } } as const;

/** fetch with the entry's headers on every request (the card's too). */
function fetchWith(headers: Record<string, string>): typeof fetch {
  return (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [k, v] of Object.entries(headers)) merged.set(k, v);
    return fetch(input, { ...init, headers: merged });
  };
}

/** The card is behind a sign-in (401/403): with the Bearer challenge it answered, if any. */
export class CardLockedError extends LenaError {
  constructor(
    message: string,
    readonly challenge: BearerChallenge | undefined,
  ) {
    super(ERROR_CODE.signInRequired, message);
    this.name = 'CardLockedError';
  }
}

/**
 * Fetches `/.well-known/agent-card.json` under the base URL and checks it. `withToken` wraps the
 * fetch with the agent's sign-in where its card is behind one (agents/auth.ts).
 */
export async function fetchCard(
  target: AgentTarget,
  options: { timeoutMs?: number; withToken?: (f: typeof fetch) => typeof fetch } = {},
): Promise<{ card: AgentCard; view: AgentCardView }> {
  const plain = fetchWith(target.headers);
  let refused: { status: number; challenge: BearerChallenge | undefined } | undefined;
  const watched: typeof fetch = async (input, init) => {
    const response = await plain(input, init);
    if (response.status === 401 || response.status === 403)
      refused = {
        status: response.status,
        challenge: parseBearerChallenge(response.headers.get('www-authenticate') ?? undefined),
      };
    return response;
  };
  const fetchImpl = options.withToken ? options.withToken(watched) : watched;
  const timed: typeof fetch = (input, init) =>
    fetchImpl(input, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  const resolver = new DefaultAgentCardResolver({ fetchImpl: timed, ...LEGACY });
  let raw: unknown;
  try {
    raw = await resolver.resolve(baseOf(target.url));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const status = refused?.status ?? /: (40[13])$/.exec(why)?.[1];
    if (status || findAuthError(err))
      throw new CardLockedError(
        `The Agent Card of ${target.url} is behind a sign-in (HTTP ${status ?? 401}).`,
        refused?.challenge,
      );
    throw new LenaError(
      ERROR_CODE.unavailable,
      `Could not fetch the Agent Card of ${target.url}: ${why}. Check the address (and any headers it needs).`,
    );
  }
  return checkCard(raw);
}

/** The base URL with a trailing slash, so the card's path resolves under it. */
const baseOf = (url: string) => (url.endsWith('/') ? url : `${url}/`);

function textMessage(text: string, contextId?: string, taskId?: string) {
  return {
    messageId: randomUUID(),
    contextId: contextId ?? '',
    taskId: taskId ?? '',
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: 'text' as const, value: text },
        metadata: undefined,
        filename: '',
        mediaType: 'text/plain',
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function eventOf(response: StreamResponse): A2aEvent | null {
  const p = response.payload;
  switch (p?.$case) {
    case 'task':
      return { kind: 'task', task: snapshotOf(p.value) };
    case 'statusUpdate':
      return {
        kind: 'status',
        taskId: p.value.taskId,
        contextId: p.value.contextId,
        state: stateOf(p.value.status),
        status: messageText(p.value.status?.message),
      };
    case 'artifactUpdate':
      return p.value.artifact
        ? {
            kind: 'artifact',
            taskId: p.value.taskId,
            artifact: artifactOf(p.value.artifact),
            append: p.value.append,
          }
        : null;
    case 'message':
      return { kind: 'message', contextId: p.value.contextId, text: messageText(p.value) ?? '' };
    default:
      return null;
  }
}

/** A client for one agent, built from its card. */
export class AgentConnection {
  private constructor(
    private readonly client: Client,
    readonly card: AgentCardView,
    private readonly hasToken?: () => Promise<boolean>,
  ) {}

  /**
   * `withToken` wraps the fetch with the agent's OAuth sign-in (agents/auth.ts); `hasToken` says
   * whether one is kept, so a delegation can ask for the sign-in before it sends anything.
   */
  static async open(
    target: AgentTarget,
    card: AgentCard,
    view: AgentCardView,
    auth?: { withToken(f: typeof fetch): typeof fetch; hasToken(): Promise<boolean> },
  ) {
    const plain = fetchWith(target.headers);
    const fetchImpl = auth ? auth.withToken(plain) : plain;
    const factory = new ClientFactory({
      transports: [
        new JsonRpcTransportFactory({ fetchImpl, ...LEGACY }),
        new RestTransportFactory({ fetchImpl, ...LEGACY }),
      ],
      // Non-streaming sends come back at once; Lena polls the task itself (with backoff).
      clientConfig: { polling: true },
    });
    return new AgentConnection(await factory.createFromAgentCard(card), view, auth?.hasToken);
  }

  /** False when the card declares an OAuth sign-in and no token is kept for it yet. */
  async signedIn(): Promise<boolean> {
    return this.hasToken ? this.hasToken() : true;
  }

  private request(text: string, contextId?: string, taskId?: string): SendMessageRequest {
    return {
      tenant: '',
      message: textMessage(text, contextId, taskId),
      configuration: undefined,
      metadata: undefined,
    };
  }

  /** SendStreamingMessage: every event until the stream ends. */
  async *stream(
    text: string,
    ids: { contextId?: string; taskId?: string },
    signal: AbortSignal,
  ): AsyncGenerator<A2aEvent> {
    const req = this.request(text, ids.contextId, ids.taskId);
    for await (const response of this.client.sendMessageStream(req, { signal })) {
      const event = eventOf(response);
      if (event) yield event;
    }
  }

  /** SendMessage, answered at once (the task, or the agent's direct reply). */
  async send(
    text: string,
    ids: { contextId?: string; taskId?: string },
    signal: AbortSignal,
  ): Promise<A2aEvent> {
    const result = await this.client.sendMessage(this.request(text, ids.contextId, ids.taskId), {
      signal,
    });
    if ('messageId' in result)
      return { kind: 'message', contextId: result.contextId, text: messageText(result) ?? '' };
    return { kind: 'task', task: snapshotOf(result) };
  }

  async getTask(id: string, signal: AbortSignal): Promise<TaskSnapshot> {
    return snapshotOf(await this.client.getTask({ tenant: '', id }, { signal }));
  }

  async cancel(id: string, signal: AbortSignal): Promise<TaskSnapshot> {
    return snapshotOf(
      await this.client.cancelTask({ tenant: '', id, metadata: undefined }, { signal }),
    );
  }

  /** SubscribeToTask: the events of a task already running (after a dropped stream). */
  async *resubscribe(id: string, signal: AbortSignal): AsyncGenerator<A2aEvent> {
    for await (const response of this.client.resubscribeTask({ tenant: '', id }, { signal })) {
      const event = eventOf(response);
      if (event) yield event;
    }
  }
}
