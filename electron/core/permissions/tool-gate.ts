// The one gate every call on the user's behalf passes: the model's tool call, an MCP App view's
// tools/call, a run by hand from the servers page, `lena mcp call`, a task followed again after a
// restart, and a server's sampling request (sent to Claude with the user's key). `admit` applies
// the rules for the origin and, when they allow it, hands back a one-shot ticket that is the only
// way to send it: no other module calls the manager's callTool or followTask, and a sampling
// request goes to the Messages API only through its ticket (one-gate.test.ts scans for both).
// The caps on what a server asks (mcp/client-features/caps.ts) run before a sampling request
// reaches the gate; the sampling review and the server's "always" come after it. A conversation's
// own tool switches (the composer's tools menu) are checked here too, before the rules, for every
// origin that calls a tool in a conversation.
import type { ConversationTools } from '../../../shared/chat/conversations';
import { serverOn } from '../../../shared/conversation-tools';
import type { CallToolOptions, ToolCallOutcome } from '../mcp/client';
import type { TaskRecord } from '../mcp/tasks/journal';
import { auditRecord } from './audit';
import type { AuditRecord, ServerIdentity, ToolCallRequest } from './types';
import type { AuthorizeResult, PermissionService } from './service';

/**
 * Where a call comes from, which decides how an ask is answered:
 * * `model`: Claude's tool_use; an ask shows the permission dialog.
 * * `view`: an MCP App view's tools/call; the dialog says the view asks.
 * * `by-hand`: Run on the servers page; the click approves this one call (no dialog).
 * * `cli`: `lena mcp call`; the command approves this one call, as by hand.
 * * `task-resume`: a task the model's call started, followed again after a restart; its
 *   approval was given when it started, so only a deny rule written since stops it.
 * * `sampling`: a server's sampling request; a deny rule on the whole server refuses it.
 */
/** The audit's "decided by" for a task followed again after a restart. */
export const TASK_RESUMED = 'allowed when the task started';

export type GateOrigin = 'model' | 'view' | 'by-hand' | 'cli' | 'task-resume' | 'sampling';

/** The low-level calls the gate alone makes (the manager). */
export interface ToolCaller {
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    opts?: CallToolOptions,
  ): Promise<ToolCallOutcome>;
  followTask(record: TaskRecord, opts?: CallToolOptions): Promise<ToolCallOutcome>;
}

/**
 * After a call failed for want of a sign-in: resolves true once the user signed in (the call is
 * made again: a 401 means the server did not run it), false when the failure is something else;
 * throws the sign-in's own error when the user cancelled it.
 */
export type SignInRetry = (
  err: unknown,
  server: string,
  tool: string,
  signal?: AbortSignal,
  conversationId?: string,
) => Promise<boolean>;

export type GateRequest = {
  /** The call as the rules see it: server, tool, identity, definition, arguments. */
  call: Omit<ToolCallRequest, 'origin'>;
  /** Ends a question still waiting for the user (the turn was stopped). */
  signal?: AbortSignal;
} & (
  | { origin: Exclude<GateOrigin, 'task-resume' | 'sampling'> }
  | { origin: 'task-resume'; task: TaskRecord }
);

/** A server's sampling request on its way to Claude. */
export interface SamplingGateRequest {
  origin: 'sampling';
  identity: ServerIdentity;
}

/** An allowed sampling request: `send` makes the Messages API request once. */
export interface SamplingAdmission {
  outcome: 'allow';
  audit: AuditRecord;
  send<T>(request: () => Promise<T>): Promise<T>;
}

/**
 * The model's delegation to an A2A agent (`a2a__NAME`): the same rules and dialog as the model's
 * tool call (no read-only shortcut: an agent has no hints), then a ticket that sends it once.
 */
export interface DelegationGateRequest {
  origin: 'delegation';
  call: Omit<ToolCallRequest, 'origin'>;
  signal?: AbortSignal;
  /** A task followed again after a restart: allowed when it started, so only a deny rule stops it. */
  resumed?: true;
}

/** An allowed delegation: `delegate` sends it once. */
export interface DelegationAdmission {
  outcome: 'allow';
  audit: AuditRecord;
  delegate<T>(send: () => Promise<T>): Promise<T>;
}

/** An allowed call: `run` sends it once, with the arguments the gate saw. */
export interface Admission {
  outcome: 'allow';
  audit: AuditRecord;
  run(opts?: CallToolOptions): Promise<ToolCallOutcome>;
}

/** A refused call: what decided it, and the message that says why and what to do. */
export interface Refusal {
  outcome: 'deny';
  audit: AuditRecord;
  message: string;
}

/** A conversation's own tool switches, read afresh for each call (the user may flip one mid-turn). */
export type ConversationSwitches = (conversationId: string) => ConversationTools | null | undefined;

export interface ToolGateOptions {
  permissions: PermissionService;
  caller: ToolCaller;
  /** Null for a conversation that set none, or for a call outside any (the servers page, `lena mcp call`). */
  switches?: ConversationSwitches;
  /** The window: the model's call that needs a sign-in asks for it and is made again. */
  signIn?: SignInRetry;
}

/** Origins whose calls run in a conversation (the others' conversation id is a page's name). */
const IN_CONVERSATION = new Set<GateOrigin>(['model', 'view', 'task-resume']);

export class ToolGate {
  /** Calls sent and not yet ended, per server identity: how many each conversation has ('' none). */
  private readonly inFlight = new Map<string, Map<string, number>>();

  constructor(private readonly options: ToolGateOptions) {}

  /**
   * The conversation a server's question belongs to when the wire does not say: the only one with
   * calls in flight on that server (by identity). Undefined with none, or with calls from two
   * conversations (or one outside any): Lena does not guess.
   */
  soleConversation(identity: ServerIdentity): string | undefined {
    const calls = this.inFlight.get(identity.hash);
    if (!calls || calls.size !== 1) return undefined;
    const [only] = calls.keys();
    return only || undefined;
  }

  /** The rules of the call's origin; an allowed call comes back as a ticket to run it once. */
  admit(request: SamplingGateRequest): Promise<SamplingAdmission | Refusal>;
  admit(request: DelegationGateRequest): Promise<DelegationAdmission | Refusal>;
  admit(request: GateRequest): Promise<Admission | Refusal>;
  admit(
    request: GateRequest | SamplingGateRequest | DelegationGateRequest,
  ): Promise<Admission | SamplingAdmission | DelegationAdmission | Refusal> {
    if (request.origin === 'sampling') return this.admitSampling(request);
    if (request.origin === 'delegation') return this.admitDelegation(request);
    return this.admitCall(request);
  }

  private async admitDelegation(
    request: DelegationGateRequest,
  ): Promise<DelegationAdmission | Refusal> {
    const asCall: GateRequest = { ...request, origin: 'model' };
    const verdict =
      this.switchedOff(asCall) ??
      (request.resumed
        ? this.options.permissions.authorizeByHand(request.call, TASK_RESUMED)
        : await this.options.permissions.authorize(request.call, { signal: request.signal }));
    if (verdict.outcome === 'deny')
      return {
        outcome: 'deny',
        audit: verdict.audit,
        message: verdict.message ?? `${request.call.qualifiedName} was denied.`,
      };
    return { outcome: 'allow', audit: verdict.audit, delegate: sendOnce('delegation') };
  }

  private async admitSampling(request: SamplingGateRequest): Promise<SamplingAdmission | Refusal> {
    const verdict = this.options.permissions.authorizeSampling(request.identity);
    if (verdict.outcome === 'deny')
      return { outcome: 'deny', audit: verdict.audit, message: verdict.message ?? '' };
    return { outcome: 'allow', audit: verdict.audit, send: sendOnce('sampling request') };
  }

  private async admitCall(request: GateRequest): Promise<Admission | Refusal> {
    // The ticket sends what the rules and the dialog saw, whatever the caller's object becomes.
    const args = structuredClone(request.call.arguments) as Record<string, unknown>;
    const verdict = this.switchedOff(request) ?? (await this.authorize(request));
    if (verdict.outcome === 'deny')
      return {
        outcome: 'deny',
        audit: verdict.audit,
        message: verdict.message ?? `${request.call.qualifiedName} was denied.`,
      };
    let used = false;
    return {
      outcome: 'allow',
      audit: verdict.audit,
      run: (opts = {}) => {
        // One approval, one call: a ticket kept and run again would skip the gate.
        if (used) return Promise.reject(new Error('This tool call was already run once.'));
        used = true;
        return this.send(request, args, opts);
      },
    };
  }

  /**
   * Refused when the call's conversation switched the tool or its server off. Only the
   * conversation's own entries count here: the servers page's switch is what the model is offered
   * (request-tools.ts) and what a view may call (view-requests.ts), and a run by hand outside a
   * conversation may still try a tool switched off there.
   */
  private switchedOff(request: GateRequest): AuthorizeResult | undefined {
    const { conversationId, serverName, toolName, qualifiedName } = request.call;
    const choice = this.options.switches?.(conversationId);
    if (!choice) return undefined;
    const what = !serverOn(serverName, choice)
      ? `${serverName}'s tools`
      : choice.tools[qualifiedName] === false
        ? `${toolName} (${serverName})`
        : undefined;
    if (!what) return undefined;
    return {
      outcome: 'deny',
      audit: auditRecord('deny', 'switched off in this conversation'),
      message: `You switched ${what} off in this conversation, so Lena did not run ${toolName}; switch it on in the conversation's tools menu to let it run.`,
    };
  }

  private authorize(request: GateRequest): Promise<AuthorizeResult> | AuthorizeResult {
    const { permissions } = this.options;
    switch (request.origin) {
      case 'model':
        return permissions.authorize(request.call, { signal: request.signal });
      case 'view':
        return permissions.authorize(
          { ...request.call, origin: 'view' },
          { signal: request.signal },
        );
      case 'by-hand':
      case 'cli':
        return permissions.authorizeByHand(request.call);
      case 'task-resume':
        return permissions.authorizeByHand(request.call, TASK_RESUMED);
    }
  }

  private async send(
    request: GateRequest,
    args: Record<string, unknown>,
    opts: CallToolOptions,
  ): Promise<ToolCallOutcome> {
    const { caller, signIn } = this.options;
    const conversation = IN_CONVERSATION.has(request.origin) ? request.call.conversationId : '';
    const sent = conversation ? { ...opts, conversationId: conversation } : opts;
    const done = this.started(request.call.identity, conversation);
    try {
      if (request.origin === 'task-resume') return await caller.followTask(request.task, sent);
      const { serverName, toolName } = request.call;
      try {
        return await caller.callTool(serverName, toolName, args, sent);
      } catch (err) {
        if (request.origin !== 'model' || !signIn || opts.signal?.aborted) throw err;
        if (!(await signIn(err, serverName, toolName, opts.signal, conversation))) throw err;
        return await caller.callTool(serverName, toolName, args, sent);
      }
    } finally {
      done();
    }
  }

  /** Counts a call in flight on a server until the returned function is called. */
  private started(identity: ServerIdentity, conversation: string): () => void {
    let calls = this.inFlight.get(identity.hash);
    if (!calls) this.inFlight.set(identity.hash, (calls = new Map()));
    calls.set(conversation, (calls.get(conversation) ?? 0) + 1);
    return () => {
      const left = (calls.get(conversation) ?? 1) - 1;
      if (left > 0) calls.set(conversation, left);
      else calls.delete(conversation);
      if (calls.size === 0 && this.inFlight.get(identity.hash) === calls)
        this.inFlight.delete(identity.hash);
    };
  }
}

/** A ticket's sender: one approval, one send; a ticket kept and used again would skip the gate. */
function sendOnce(what: string): <T>(send: () => Promise<T>) => Promise<T> {
  let used = false;
  return (send) => {
    if (used) return Promise.reject(new Error(`This ${what} was already sent once.`));
    used = true;
    return send();
  };
}
