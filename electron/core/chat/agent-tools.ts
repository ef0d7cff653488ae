// Delegations to A2A agents answered: each `a2a__NAME` use passes the one gate (origin
// 'delegation': rules, the dialog, no read-only shortcut), then is followed to its end
// (a2a/follow.ts) with its state, status and artifacts live on the tool card. The result goes back
// to Claude as untrusted data with the task id and state; a failed, rejected or cancelled task is
// a tool error. The agent's questions are asked through the host's question port.
import type Anthropic from '@anthropic-ai/sdk';
import { agentOfTool, type DelegationView } from '../../../shared/a2a';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { agentRuleServer } from '../permissions/rule-parse';
import type { ToolGate } from '../permissions/tool-gate';
import type { ConversationStore } from '../store/conversations';
import type { ToolCallUpsert } from '../store/tool-calls';
import type { AgentConnection } from '../agents/client';
import { delegate, type DelegationLimits, type DelegationOutcome } from '../agents/follow';
import type { DelegationJournal } from '../agents/journal';
import type { ArtifactKeeper } from '../agents/keep';
import type { AgentIdentity } from '../agents/service';
import type { ToolUse } from './stream-round';
import { untrustedText } from './untrusted';

type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/** What the chat needs of the agents (the host wires the service, the settings and the questions). */
export interface AgentDelegates {
  /** The tools of the ready agents, for the request. */
  tools(): Promise<Anthropic.Messages.Tool[]>;
  connect(name: string): Promise<{ connection: AgentConnection; identity: AgentIdentity }>;
  limits(): DelegationLimits;
  /** Keeps artifacts past the inline limit as files the user can open. */
  keep?: ArtifactKeeper;
  /** The delegations in flight, followed again after a restart (the window only). */
  journal?: DelegationJournal;
  /** The agent asks the user (the question frame, marked as from the agent); null: no answer. */
  ask(
    q: { agent: string; question: string; conversationId: string; view: DelegationView },
    signal: AbortSignal,
  ): Promise<string | null>;
  /**
   * Asks the user to sign in to the agent (its card's OAuth) and runs the sign-in; absent where
   * nobody can be asked (then the result says how to sign in).
   */
  signIn?(
    q: { agent: string; why: string; conversationId: string; view: DelegationView },
    signal: AbortSignal,
  ): Promise<{ ok: true } | { ok: false; message: string }>;
}

export const isAgentUse = (use: ToolUse): boolean => agentOfTool(use.name) !== null;

export interface AgentToolsContext {
  agents: AgentDelegates;
  gate: ToolGate;
  store: ConversationStore;
  emit: (event: ChatEvent) => void;
  conversationId: string;
  messageId: string;
  signal: AbortSignal;
  registerCall(toolUseId: string, controller: AbortController): () => void;
}

const errorBlock = (id: string, text: string): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text }],
  is_error: true,
});

/** The tool_result of a finished delegation: Lena's line, then the agent's words as untrusted data. */
export function delegationResultBlock(id: string, out: DelegationOutcome): ToolResultBlock {
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: [
      { type: 'text', text: out.summary },
      untrustedText(out.agentText) as unknown as Anthropic.Messages.TextBlockParam,
    ],
    ...(out.isError ? { is_error: true } : {}),
  };
}

/** Answers the round's delegations one at a time, in the model's order. */
export async function answerAgentUses(
  uses: readonly ToolUse[],
  ctx: AgentToolsContext,
): Promise<Map<string, ToolResultBlock>> {
  const answers = new Map<string, ToolResultBlock>();
  for (const use of uses) answers.set(use.id, await answerOne(use, ctx));
  return answers;
}

// Long: one delegation's steps in order (check, gate, connect, follow, record), saving the card.
async function answerOne(use: ToolUse, ctx: AgentToolsContext): Promise<ToolResultBlock> {
  const name = agentOfTool(use.name)!;
  const base: ToolCallUpsert = {
    id: use.id,
    conversationId: ctx.conversationId,
    messageId: ctx.messageId,
    server: agentRuleServer(name),
    tool: name,
    qualifiedName: use.name,
    title: `Delegate to agent ${name}`,
    input: use.input,
    status: 'pending',
  };
  let last: ToolCallView | null = null;
  const save = (patch: Partial<ToolCallUpsert>, delegation?: DelegationView): ToolCallView => {
    const call = ctx.store.upsertToolCall({ ...base, ...patch });
    last = delegation ? { ...call, delegation } : call;
    ctx.emit({ type: 'tool-call-updated', conversationId: ctx.conversationId, call: last });
    return call;
  };
  const fail = (status: 'error' | 'denied' | 'cancelled', message: string, extra = {}) => {
    save({ status, isError: true, errorMessage: message, endedAt: Date.now(), ...extra });
    return errorBlock(use.id, message);
  };
  if (ctx.signal.aborted) return fail('cancelled', 'Cancelled: the user stopped the turn first.');
  save({});
  const input = use.input as Record<string, unknown> | null;
  const message = typeof input?.message === 'string' ? input.message.trim() : '';
  const contextId = typeof input?.contextId === 'string' ? input.contextId : undefined;
  if (!message)
    return fail('error', `${use.name} needs {"message": "…"}: the full task for the agent.`, {
      errorSource: 'tool',
    });
  let connected: Awaited<ReturnType<AgentDelegates['connect']>> | undefined;
  let reach: string | null = null;
  try {
    connected = await ctx.agents.connect(name);
  } catch (err) {
    reach = err instanceof Error ? err.message : String(err);
  }
  const identity = connected?.identity ?? { name: agentRuleServer(name), hash: 'unreachable' };
  const auth = await ctx.gate.admit({
    origin: 'delegation',
    call: {
      conversationId: ctx.conversationId,
      toolUseId: use.id,
      qualifiedName: use.name,
      serverName: agentRuleServer(name),
      toolName: name,
      identity: { ...identity, name: agentRuleServer(name), source: 'user' },
      tool: {
        name: use.name,
        title: `Delegate to agent ${name}`,
        description: connected?.connection.card.description ?? '',
      },
      arguments: use.input,
    },
    signal: ctx.signal,
  });
  const decision = { decision: auth.audit.decision, decidedBy: auth.audit.decidedBy };
  if (auth.outcome === 'deny')
    return ctx.signal.aborted
      ? fail('cancelled', 'Cancelled: the user stopped the turn.', decision)
      : fail('denied', auth.message, decision);
  if (!connected)
    return fail('error', `Agent ${name} could not be reached: ${reach}`, {
      errorSource: 'server',
      ...decision,
    });
  const controller = new AbortController();
  const onTurnAbort = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onTurnAbort, { once: true });
  const unregister = ctx.registerCall(use.id, controller);
  const startedAt = Date.now();
  save({ status: 'running', startedAt, ...decision });
  try {
    const out = await auth.delegate(() =>
      delegate(
        connected.connection,
        name,
        { message, ...(contextId ? { contextId } : {}) },
        {
          onTask: (taskId, contextIdNow) =>
            ctx.agents.journal?.record({
              key: `${ctx.conversationId}/${use.id}`,
              agent: name,
              taskId,
              contextId: contextIdNow,
              startedAt,
            }),
          onUpdate: (view) => {
            if (last)
              ctx.emit({
                type: 'tool-call-updated',
                conversationId: ctx.conversationId,
                call: (last = { ...last, delegation: view }),
              });
          },
          ...(ctx.agents.keep ? { keep: ctx.agents.keep } : {}),
          ask: (question, view) =>
            ctx.agents.ask(
              { agent: name, question, conversationId: ctx.conversationId, view },
              controller.signal,
            ),
          ...(ctx.agents.signIn
            ? {
                signIn: (why: string, view: DelegationView) =>
                  ctx.agents.signIn!(
                    { agent: name, why, conversationId: ctx.conversationId, view },
                    controller.signal,
                  ),
              }
            : {}),
        },
        controller.signal,
        ctx.agents.limits(),
      ),
    );
    if (out.detached)
      return fail(
        'cancelled',
        `Lena quit while agent ${name} was working; the agent keeps its task (${out.view.taskId ?? 'no id yet'}), and Lena follows it at the next start.`,
        { startedAt, ...decision },
      );
    ctx.agents.journal?.forget(`${ctx.conversationId}/${use.id}`);
    const block = delegationResultBlock(use.id, out);
    save(
      {
        ...delegationCallEnd(out),
        truncated: out.view.artifacts.some((a) => a.bytes > ctx.agents.limits().maxInlineBytes),
        startedAt,
        endedAt: Date.now(),
        ...decision,
      },
      out.view,
    );
    return block;
  } finally {
    unregister();
    ctx.signal.removeEventListener('abort', onTurnAbort);
  }
}

/** What a finished delegation records on its tool call: its state, error and shown result. */
export function delegationCallEnd(out: DelegationOutcome) {
  const shown = `${out.summary}\n\n${out.agentText}`;
  return {
    status: out.cancelled
      ? ('cancelled' as const)
      : out.isError
        ? ('error' as const)
        : ('done' as const),
    isError: out.isError,
    errorSource: out.isError && !out.cancelled ? ('server' as const) : null,
    errorMessage: out.isError ? out.summary : null,
    result: {
      content: [{ type: 'text' as const, text: shown }],
      structuredContent: { delegation: out.view },
    },
    resultBytes: Buffer.byteLength(shown),
  };
}
