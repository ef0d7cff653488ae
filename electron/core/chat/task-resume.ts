// Issue 19, surviving a restart: a tool call the server runs as a task outlives Lena. At the next
// start the window's engine shows each recorded task on its card again and follows it; when it
// completes, its result is stored on the card, marked as a late result (the turn that asked for it
// ended when Lena quit), and the card offers "Continue with the result". That sends the stored
// tool_use with its tool_result as a new turn: a copy of the tool_use under a fresh id (the old one
// is already answered, "cancelled", in the history), marked as the task's, then the result.
import { randomBytes } from 'node:crypto';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ContentBlock, TaskResultOrigin } from '../../../shared/chat/messages';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import type { CallToolResult } from '../../../shared/mcp-types';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ResultLimits } from '../mcp/registry/results';
import { DetachFromTask, TaskInterruptedError } from '../mcp/tasks/follow';
import type { TaskRecord } from '../mcp/tasks/journal';
import type { ToolGate } from '../permissions/tool-gate';
import type { ServerIdentity, ToolDefinition } from '../permissions/types';
import type { ConversationStore } from '../store/conversations';
import type { ToolCallUpsert } from '../store/tool-calls';
import type { ToolRegistry } from '../mcp/registry/registry';
import { modelResultBlock, type TaskFollower, type ToolExecutor } from './tool-runner';

export interface ResumeDeps {
  store: ConversationStore;
  emit: (event: ChatEvent) => void;
  tasks: TaskFollower;
  /** Following a task again passes the gate: a deny rule written since it started stops it. */
  gate: ToolGate;
  /** The server's identity and the tool as listed now (its name alone while the server starts). */
  describe(server: string, tool: string): { identity: ServerIdentity; tool: ToolDefinition };
  /** The card's Cancel reaches a followed task through the engine's map of running calls. */
  registerCall(toolUseId: string, controller: AbortController): () => void;
}

/** ResumeDeps.describe over the registry and the servers' identities. */
export function describeTool(
  registry: ToolRegistry,
  tools: Pick<ToolExecutor, 'identity'>,
): ResumeDeps['describe'] {
  return (server, tool) => ({
    identity: tools.identity(server),
    tool: registry.tools(server).find((t) => t.tool.name === tool)?.tool ?? { name: tool },
  });
}

/** The conversation and tool_use a task was recorded under (tool-runner's taskKey). */
function splitKey(key: string): { conversationId: string; toolUseId: string } | null {
  const slash = key.indexOf('/');
  return slash > 0
    ? { conversationId: key.slice(0, slash), toolUseId: key.slice(slash + 1) }
    : null;
}

/** Follows every recorded task again; resolves when all have settled (tests wait for it). */
export function resumeWaitingTasks(deps: ResumeDeps): Promise<void> {
  const runs = deps.tasks.waiting().map((record) => {
    const ids = splitKey(record.key);
    let call: ToolCallView | undefined;
    try {
      call = ids ? deps.store.toolCall(ids.conversationId, ids.toolUseId) : undefined;
    } catch {
      call = undefined; // the conversation was deleted
    }
    if (!call) {
      deps.tasks.forget(record.key);
      return Promise.resolve();
    }
    return followOne(deps, record, call);
  });
  return Promise.all(runs).then(() => undefined);
}

// Long: follows one task to its end, recording each of its states on the card.
async function followOne(deps: ResumeDeps, record: TaskRecord, call: ToolCallView): Promise<void> {
  // Only the identifying fields: a field a patch leaves out keeps its stored value.
  const { id, conversationId, messageId, server, tool, qualifiedName, input } = call;
  const base: Omit<ToolCallUpsert, 'status'> = {
    id,
    conversationId,
    messageId,
    server,
    tool,
    qualifiedName,
    input,
  };
  let last: ToolCallView = call;
  const save = (
    patch: Partial<ToolCallUpsert> & Pick<ToolCallUpsert, 'status'>,
    task?: ToolCallView['task'],
  ): void => {
    last = deps.store.upsertToolCall({ ...base, ...patch });
    deps.emit({
      type: 'tool-call-updated',
      conversationId: call.conversationId,
      call: task ? { ...last, task } : last,
    });
  };
  const view = (t: TaskRecord['task']) => ({
    taskId: t.taskId,
    status: t.status,
    statusMessage: t.statusMessage ?? 'Following the task again after Lena restarted',
  });
  save(
    { status: 'running', errorMessage: null, endedAt: null, durationMs: null },
    view(record.task),
  );
  const admitted = await deps.gate.admit({
    origin: 'task-resume',
    task: record,
    call: {
      conversationId,
      toolUseId: id,
      qualifiedName,
      serverName: server,
      toolName: tool,
      ...deps.describe(server, tool),
      arguments: input,
    },
  });
  if (admitted.outcome === 'deny') {
    deps.tasks.forget(record.key);
    save({
      status: 'denied',
      errorMessage: `Lena did not follow this task again: ${admitted.message}`,
      decision: admitted.audit.decision,
      decidedBy: admitted.audit.decidedBy,
      endedAt: Date.now(),
    });
    return;
  }
  const controller = new AbortController();
  const unregister = deps.registerCall(call.id, controller);
  try {
    const outcome = await admitted.run({
      signal: controller.signal,
      onTask: (task) =>
        deps.emit({
          type: 'tool-call-updated',
          conversationId: call.conversationId,
          call: { ...last, task: view(task) },
        }),
    });
    const full = outcome as CallToolResult;
    save({
      status: full.isError ? 'error' : 'done',
      result: full,
      isError: full.isError === true,
      errorSource: full.isError ? 'tool' : null,
      errorMessage: null,
      resultBytes: Buffer.byteLength(JSON.stringify(full)),
      endedAt: Date.now(),
      continuable: true,
    });
  } catch (err) {
    if (
      err instanceof TaskInterruptedError ||
      err instanceof DetachFromTask ||
      controller.signal.reason instanceof DetachFromTask
    ) {
      // Lena is quitting again, or the server went away: the journal keeps the task for next time.
      save({
        status: 'cancelled',
        errorMessage:
          'Lena stopped before this task finished; it is followed again at the next start.',
        endedAt: Date.now(),
      });
    } else if (controller.signal.aborted) {
      save({
        status: 'cancelled',
        errorMessage: 'Cancelled by the user; the server was asked to stop the task.',
        endedAt: Date.now(),
      });
    } else {
      save({
        status: 'error',
        errorSource: 'server',
        errorMessage: `The task failed: ${(err as Error)?.message ?? String(err)}`,
        endedAt: Date.now(),
      });
    }
  } finally {
    unregister();
  }
}

/** A tool_use id of Lena's own making, in the API's alphabet. */
function freshToolUseId(): string {
  return `toolu_lena_${randomBytes(12).toString('hex')}`;
}

/**
 * Stores the new turn's two messages (the tool_use copy and its result, both marked as the
 * task's) and clears the card's offer. The caller starts the turn.
 */
export function storeLateResult(
  store: ConversationStore,
  emit: (event: ChatEvent) => void,
  conversationId: string,
  toolUseId: string,
  limits?: Partial<ResultLimits>,
): void {
  const call = store.toolCall(conversationId, toolUseId);
  if (!call?.continuable)
    throw new LenaError(
      ERROR_CODE.conflict,
      'This tool call has no late result to send; it was sent already or is still running.',
    );
  const id = freshToolUseId();
  const origin: TaskResultOrigin = {
    kind: 'task-result',
    server: call.server,
    tool: call.tool,
    toolUseId,
  };
  const use: ContentBlock = { type: 'tool_use', id, name: call.qualifiedName, input: call.input };
  const { block } = modelResultBlock(
    id,
    (call.result ?? { content: [] }) as CallToolResult,
    limits,
  );
  for (const m of [
    { role: 'assistant' as const, content: [use] },
    { role: 'user' as const, content: [block as unknown as ContentBlock] },
  ]) {
    const message = store.append(conversationId, { ...m, origin });
    emit({ type: 'message-saved', conversationId, message });
  }
  const { id: callId, messageId, server, tool, qualifiedName, input, status } = call;
  const updated = store.upsertToolCall({
    id: callId,
    conversationId,
    messageId,
    server,
    tool,
    qualifiedName,
    input,
    status,
    continuable: false,
  });
  emit({ type: 'tool-call-updated', conversationId, call: updated });
}
