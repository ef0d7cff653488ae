// A delegation still running when Lena quit, followed again at the next start: its card shows it
// again, the gate is passed (allowed when it started: only a deny rule written since stops it), the
// task is followed (SubscribeToTask or GetTask polling) to its end, and the result is stored as a
// late result, offered with "Continue with the result" (task-resume.ts sends it as a new turn).
import type { DelegationView } from '../../../shared/a2a';
import type { ChatEvent } from '../../../shared/chat/events';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import type { DelegationRecord } from '../agents/journal';
import { delegate } from '../agents/follow';
import { agentRuleServer } from '../permissions/rule-parse';
import type { ToolGate } from '../permissions/tool-gate';
import type { ConversationStore } from '../store/conversations';
import type { ToolCallUpsert } from '../store/tool-calls';
import { delegationCallEnd, type AgentDelegates } from './agent-tools';

export interface AgentResumeDeps {
  agents: AgentDelegates;
  store: ConversationStore;
  emit: (event: ChatEvent) => void;
  gate: ToolGate;
  registerCall(toolUseId: string, controller: AbortController): () => void;
}

/** Follows every recorded delegation again; resolves when all have settled. */
export async function resumeDelegations(deps: AgentResumeDeps): Promise<void> {
  const journal = deps.agents.journal;
  if (!journal) return;
  await Promise.all(
    journal.waiting().map(async (record) => {
      const [conversationId, toolUseId] = record.key.split('/');
      let call: ToolCallView | undefined;
      try {
        call = deps.store.toolCall(conversationId, toolUseId);
      } catch {
        call = undefined; // the conversation was deleted
      }
      if (!call) return journal.forget(record.key);
      await followAgain(deps, record, call);
    }),
  );
}

// Long: one delegation's steps again (gate, connect, follow, record), saving the card each time.
async function followAgain(
  deps: AgentResumeDeps,
  record: DelegationRecord,
  call: ToolCallView,
): Promise<void> {
  const { id, conversationId, messageId, server, tool, qualifiedName, input } = call;
  const base = { id, conversationId, messageId, server, tool, qualifiedName, input };
  let last = call;
  const save = (patch: Partial<ToolCallUpsert> & Pick<ToolCallUpsert, 'status'>): void => {
    last = deps.store.upsertToolCall({ ...base, ...patch });
    deps.emit({ type: 'tool-call-updated', conversationId, call: last });
  };
  const forget = () => deps.agents.journal?.forget(record.key);
  save({ status: 'running', errorMessage: null, endedAt: null, durationMs: null });
  const controller = new AbortController();
  let connected;
  try {
    connected = await connectSignedIn(deps, record, conversationId, controller.signal);
  } catch (err) {
    forget();
    return save({
      status: 'error',
      errorSource: 'server',
      errorMessage: `Lena could not follow task ${record.taskId} of agent ${record.agent} again: ${(err as Error).message}`,
      endedAt: Date.now(),
    });
  }
  const admitted = await deps.gate.admit({
    origin: 'delegation',
    resumed: true,
    call: {
      conversationId,
      toolUseId: id,
      qualifiedName,
      serverName: agentRuleServer(record.agent),
      toolName: record.agent,
      identity: { ...connected.identity, name: agentRuleServer(record.agent), source: 'user' },
      tool: { name: qualifiedName, description: connected.connection.card.description },
      arguments: input,
    },
  });
  if (admitted.outcome === 'deny') {
    forget();
    return save({
      status: 'denied',
      errorMessage: `Lena did not follow this task again: ${admitted.message}`,
      endedAt: Date.now(),
    });
  }
  const unregister = deps.registerCall(id, controller);
  try {
    const out = await admitted.delegate(() =>
      delegate(
        connected.connection,
        record.agent,
        {
          message: '',
          taskId: record.taskId,
          ...(record.contextId ? { contextId: record.contextId } : {}),
        },
        {
          onUpdate: (delegation) =>
            deps.emit({ type: 'tool-call-updated', conversationId, call: { ...last, delegation } }),
          ...(deps.agents.keep ? { keep: deps.agents.keep } : {}),
          ask: (question, view) =>
            deps.agents.ask(
              { agent: record.agent, question, conversationId, view },
              controller.signal,
            ),
          // The sign-in is asked in the delegation's own conversation, as when it started.
          ...(deps.agents.signIn
            ? {
                signIn: (why: string, view: DelegationView) =>
                  deps.agents.signIn!(
                    { agent: record.agent, why, conversationId, view },
                    controller.signal,
                  ),
              }
            : {}),
        },
        controller.signal,
        deps.agents.limits(),
      ),
    );
    if (out.detached) return; // quitting again: the journal keeps it for next time
    forget();
    save({
      ...delegationCallEnd(out),
      endedAt: Date.now(),
      continuable: !out.cancelled,
    });
  } finally {
    unregister();
  }
}

/**
 * Connects to the agent; where its card is behind a sign-in that lapsed while Lena was away, asks
 * for it in the delegation's conversation (once) and connects again.
 */
async function connectSignedIn(
  deps: AgentResumeDeps,
  record: DelegationRecord,
  conversationId: string,
  signal: AbortSignal,
): ReturnType<AgentDelegates['connect']> {
  try {
    return await deps.agents.connect(record.agent);
  } catch (err) {
    const locked = err instanceof LenaError && err.code === ERROR_CODE.signInRequired;
    if (!locked || !deps.agents.signIn) throw err;
    const view: DelegationView = {
      agent: record.agent,
      taskId: record.taskId,
      contextId: record.contextId,
      state: 'auth-required',
      status: null,
      artifacts: [],
      rounds: 0,
    };
    const why = `Agent ${record.agent} needs you to sign in before Lena can read its card and follow task ${record.taskId} again.`;
    const done = await deps.agents.signIn(
      { agent: record.agent, why, conversationId, view },
      signal,
    );
    if (!done.ok) throw new Error(`the sign-in was not done: ${done.message}`, { cause: err });
    return deps.agents.connect(record.agent);
  }
}
