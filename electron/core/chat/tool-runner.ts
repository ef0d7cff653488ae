// Runs the tool_use blocks of one assistant message: each through the permission gate, then the
// MCP server, and back as a tool_result with the right tool_use_id. Read-only tools (by the
// server's hint) run concurrently, the others one at a time in the model's order: the hint only
// orders work, it never grants permission. The full result is stored; the model gets a capped copy.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import type { CallToolResult } from '../../../shared/mcp-types';
import type { ToolCallOutcome } from '../mcp/client';
import { SignInCancelledError } from '../mcp/auth/types';
import { DetachFromTask } from '../mcp/tasks/follow';
import type { TaskRecord } from '../mcp/tasks/journal';
import { McpError, McpTransportError } from '../mcp/errors';
import {
  errorToolResultBlock,
  toToolResultBlock,
  type ResultLimits,
} from '../mcp/registry/results';
import type { RegisteredTool, ToolRegistry } from '../mcp/registry/registry';
import type { ToolGate } from '../permissions/tool-gate';
import type { ServerIdentity } from '../permissions/types';
import type { ConversationStore } from '../store/conversations';
import type { ToolCallUpsert } from '../store/tool-calls';
import type { ToolUse } from './stream-round';
import { untrustedText } from './untrusted';

type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/**
 * What the loop needs from the MCP side (the manager, in the app). Calls themselves go through
 * the gate (permissions/tool-gate.ts), never through here.
 */
export interface ToolExecutor {
  identity(server: string): ServerIdentity;
  whenReady(maxWaitMs: number): Promise<void>;
  /** Issue 19: the tasks a previous Lena waited for, followed again after a restart (the window only). */
  tasks?: TaskFollower;
  /** The words the user's configuration has for a server (its package, its host), for tool search. */
  about?(server: string): string | undefined;
}

/** The tasks a previous Lena waited for; following one again passes the gate (origin 'task-resume'). */
export interface TaskFollower {
  waiting(): TaskRecord[];
  forget(key: string): void;
}

export interface ToolRunContext {
  conversationId: string;
  messageId: string;
  store: ConversationStore;
  registry: ToolRegistry;
  tools: ToolExecutor;
  /** The one gate: rules, trust, pins and the dialog, then the call itself. */
  gate: ToolGate;
  emit: (event: ChatEvent) => void;
  signal: AbortSignal;
  limits?: Partial<ResultLimits>;
  /** Whether a tool is switched on for this conversation (issue 16); absent = its global switch. */
  isOn?: (tool: RegisteredTool) => boolean;
  /** Per-call cancellation (the card's Cancel button); the engine keeps the map. */
  registerCall(toolUseId: string, controller: AbortController): () => void;
}

export async function runToolUses(
  ctx: ToolRunContext,
  uses: readonly ToolUse[],
): Promise<ToolResultBlock[]> {
  const results = new Map<string, ToolResultBlock>();
  const readOnly = uses.filter(
    (u) => ctx.registry.resolve(u.name)?.tool.annotations?.readOnlyHint === true,
  );
  const others = uses.filter((u) => !readOnly.includes(u));
  await Promise.all(readOnly.map(async (u) => results.set(u.id, await runOne(ctx, u))));
  for (const u of others) results.set(u.id, await runOne(ctx, u));
  return uses.map((u) => results.get(u.id)!);
}

// Long: one call's steps in order (resolve, gate, validate, call, wrap), saving the card each time.
async function runOne(ctx: ToolRunContext, use: ToolUse): Promise<ToolResultBlock> {
  const registered = ctx.registry.resolve(use.name);
  const base: ToolCallUpsert = {
    id: use.id,
    conversationId: ctx.conversationId,
    messageId: ctx.messageId,
    server: registered?.server ?? '',
    tool: registered?.tool.name ?? use.name,
    qualifiedName: use.name,
    title: registered?.tool.title ?? registered?.tool.annotations?.title ?? null,
    input: use.input,
    status: 'pending',
  };
  let last: ToolCallView | null = null;
  /** The server runs this call as a task (MCP tasks): it outlives Lena and is followed again. */
  let ranAsTask = false;
  const save = (patch: Partial<ToolCallUpsert>): ToolCallView => {
    const call = (last = ctx.store.upsertToolCall({ ...base, ...patch }));
    ctx.emit({ type: 'tool-call-updated', conversationId: ctx.conversationId, call });
    return call;
  };
  const fail = (
    status: 'error' | 'denied' | 'cancelled',
    message: string,
    extra: Partial<ToolCallUpsert> = {},
    serverText?: string,
  ): ToolResultBlock => {
    save({
      status,
      isError: true,
      errorMessage: serverText ? `${message} ${serverText}` : message,
      endedAt: Date.now(),
      ...extra,
    });
    const block = errorToolResultBlock(use.id, message);
    // What the server wrote (a JSON-RPC error message, a transport error with its stderr) is
    // untrusted data like any result, flagged apart from Lena's own words.
    if (serverText)
      block.content = [
        ...(block.content as Array<{ type: 'text'; text: string }>),
        untrustedText(serverText),
      ];
    return block;
  };

  if (ctx.signal.aborted)
    return fail('cancelled', 'Cancelled: the user stopped the turn before this tool ran.');
  save({ status: 'pending' });
  if (!registered || !(ctx.isOn ? ctx.isOn(registered) : registered.enabled)) {
    return fail(
      'error',
      `Unknown or disabled tool "${use.name}". Use only the tools listed in this request.`,
      { errorSource: 'server' },
    );
  }
  const args = use.input;
  if (
    args === null ||
    typeof args !== 'object' ||
    Array.isArray(args) ||
    '_invalidJson' in (args as object)
  ) {
    return fail(
      'error',
      `The arguments for ${use.name} were not a JSON object. Send an object matching the tool's input schema.`,
      { errorSource: 'tool' },
    );
  }
  const auth = await ctx.gate.admit({
    origin: 'model',
    call: {
      conversationId: ctx.conversationId,
      toolUseId: use.id,
      qualifiedName: use.name,
      serverName: registered.server,
      toolName: registered.tool.name,
      identity: ctx.tools.identity(registered.server),
      tool: registered.tool,
      arguments: args,
    },
    signal: ctx.signal,
  });
  const decision = { decision: auth.audit.decision, decidedBy: auth.audit.decidedBy };
  if (auth.outcome === 'deny') {
    if (ctx.signal.aborted)
      return fail('cancelled', 'Cancelled: the user stopped the turn.', decision);
    return fail('denied', auth.message, decision);
  }
  // Validation only after the gate allowed the call: a server's schema costs nothing for a call
  // that is denied, and an inconclusive check (the checker's deadline) lets the call go on.
  const check = await ctx.registry.validateArguments(use.name, args);
  if (!check.ok) return fail('error', check.message, { errorSource: 'tool', ...decision });
  const inputNote = check.skipped ? `Could not validate the arguments: ${check.skipped}` : null;

  const controller = new AbortController();
  const onTurnAbort = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onTurnAbort, { once: true });
  const unregister = ctx.registerCall(use.id, controller);
  const startedAt = Date.now();
  save({
    status: 'running',
    startedAt,
    ...decision,
    ...(inputNote ? { errorMessage: inputNote } : {}),
  });
  try {
    const outcome = await auth.run({
      signal: controller.signal,
      taskKey: `${ctx.conversationId}/${use.id}`, // H13: a task outlives a restart under this key
      // Progress is shown live but not stored: only the outcome matters once the call ends.
      onProgress: (progress) => {
        if (last)
          ctx.emit({
            type: 'tool-call-updated',
            conversationId: ctx.conversationId,
            call: { ...last, progress },
          });
      },
      // H13 (MCP tasks): the server runs the call as a task; its status shows live on the card.
      onTask: (task) => {
        ranAsTask = true;
        if (last)
          ctx.emit({
            type: 'tool-call-updated',
            conversationId: ctx.conversationId,
            call: (last = {
              ...last,
              task: {
                taskId: task.taskId,
                status: task.status,
                statusMessage: task.statusMessage,
              },
            }),
          });
      },
    });
    return finish(ctx, use, outcome, save, startedAt, decision, inputNote);
  } catch (err) {
    const cancelled =
      controller.signal.aborted || (err instanceof McpError && err.kind === 'cancelled');
    const message = err instanceof Error ? err.message : String(err);
    // Only a call the server runs as a task outlives Lena; a plain call ends with it.
    if (controller.signal.reason instanceof DetachFromTask && !ranAsTask)
      return fail('cancelled', `Lena quit while ${use.name} was running; the call was cancelled.`, {
        startedAt,
        ...decision,
      });
    if (controller.signal.reason instanceof DetachFromTask) {
      return fail(
        'cancelled',
        `Lena quit while ${use.name} was running; the server keeps its task, and Lena follows it at the next start.`,
        { startedAt, ...decision },
      );
    }
    if (cancelled)
      return fail('cancelled', `Cancelled by the user while ${use.name} was running.`, {
        startedAt,
        ...decision,
      });
    // The user said no to the sign-in the call needed (Lena's own words: nothing from the server).
    if (err instanceof SignInCancelledError)
      return fail('cancelled', `${err.message} ${err.hint ?? ''}`.trim(), {
        startedAt,
        ...decision,
      });
    return fail(
      'error',
      `The ${registered.server} server failed; what it said follows.`,
      { errorSource: 'server', startedAt, ...decision },
      serverError(err, message),
    );
  } finally {
    unregister();
    ctx.signal.removeEventListener('abort', onTurnAbort);
  }
}

function finish(
  ctx: ToolRunContext,
  use: ToolUse,
  outcome: ToolCallOutcome,
  save: (patch: Partial<ToolCallUpsert>) => ToolCallView,
  startedAt: number,
  decision: { decision: string; decidedBy: string },
  inputNote: string | null,
): ToolResultBlock {
  const full: CallToolResult & { validationError?: string; validationSkipped?: string } = outcome;
  const { block, converted } = modelResultBlock(use.id, full, ctx.limits);
  const bytes = Buffer.byteLength(JSON.stringify(full));
  save({
    status: converted.isError ? 'error' : 'done',
    result: full,
    isError: converted.isError,
    errorSource: converted.isError ? 'tool' : null,
    errorMessage: converted.isError ? firstText(full) : notes(inputNote, full),
    resultBytes: bytes,
    truncated: converted.truncated !== null || converted.omittedImages > 0,
    startedAt,
    endedAt: Date.now(),
    ...decision,
  });
  return block;
}

/**
 * The tool_result the model gets for a full MCP result: every text part stored as flagged
 * untrusted data, wrapped when a request is built (images pass as images), an output-schema failure noted, never empty. Also used when a task's
 * late result is sent as a new turn (task-resume.ts).
 */
export function modelResultBlock(
  toolUseId: string,
  full: CallToolResult & { validationError?: string },
  limits?: Partial<ResultLimits>,
): { block: ToolResultBlock; converted: ReturnType<typeof toToolResultBlock>['converted'] } {
  const { block, converted } = toToolResultBlock(toolUseId, full, limits);
  const content = (Array.isArray(block.content) ? block.content : []).map((part) =>
    part.type === 'text' ? (untrustedText(part.text) as unknown as typeof part) : part,
  );
  if (full.validationError) {
    // The validator quotes the server's data: Lena's note, then the details flagged as untrusted.
    content.push({
      type: 'text',
      text: "Note: the result did not match the tool's output schema; the details follow.",
    });
    content.push(untrustedText(full.validationError) as unknown as (typeof content)[number]);
  }
  if (content.length === 0) content.push(untrustedText('(the tool returned no content)'));
  return { block: { ...block, content }, converted };
}

/** What the card says beside a result: an output that failed its schema, checks that could not run. */
function notes(
  inputNote: string | null,
  full: { validationError?: string; validationSkipped?: string },
): string | null {
  const lines = [
    inputNote,
    full.validationError ? `Output schema: ${full.validationError}` : null,
    full.validationSkipped ? `Could not validate the output: ${full.validationSkipped}` : null,
  ];
  return lines.filter(Boolean).join('\n') || null;
}

/** The server's own words from a failure: the JSON-RPC error message, or the transport error with stderr. */
function serverError(err: unknown, message: string): string {
  const tail = err instanceof McpTransportError ? err.stderrTail : undefined;
  return tail ? `${message}\nstderr:\n${tail}` : message;
}

function firstText(result: CallToolResult): string | null {
  const t = result.content?.find((c) => c.type === 'text');
  return t && t.type === 'text' ? t.text.slice(0, 500) : null;
}
