// One delegation followed to its end: sent with SendStreamingMessage where the card offers
// streaming (a stream refused or dropped falls back to SubscribeToTask, then to GetTask polling
// with backoff), else SendMessage and polling. INPUT_REQUIRED asks the user through `ask` and the
// answer continues the same task, at most `maxInputRounds` times. Where the card declares OAuth, a
// missing token, a 401 or AUTH_REQUIRED asks for the sign-in through `signIn`, then sends the same
// task again with the token; a task followed again after a restart has no message to send, so it
// is followed again (SubscribeToTask or GetTask) with the token: A2A's in-task authorization has
// the client obtain the credential out of band and subscribe to the task for what follows.
// Everything is bounded: a wall time, status updates coalesced to `maxUpdatesPerSecond`, and the
// inline text of artifacts.
// Stop (the signal) sends CancelTask. Never throws for what the agent does: the outcome says it.
import {
  agentSignInAdvice,
  FINAL_STATES,
  notKeptNote,
  type DelegationArtifact,
  type DelegationView,
} from '../../../shared/a2a';
import { DetachFromTask } from '../mcp/tasks/follow';
import { signInNeeded } from './auth';
import type { A2aEvent, AgentConnection } from './client';
import type { TaskSnapshot } from './convert';
import type { ArtifactKeeper } from './keep';

export interface DelegationLimits {
  /** The longest a task may run, questions included (default 30 min). */
  wallTimeMs: number;
  /** Card updates per second at most (default 4). */
  maxUpdatesPerSecond: number;
  /** Bytes of artifact text given to Claude inline (default 1 MB). */
  maxInlineBytes: number;
  /** Questions one task may ask (default 5). */
  maxInputRounds: number;
}

/** Sign-ins one delegation may ask for: a second refusal after signing in again is the agent's. */
const MAX_SIGN_INS = 2;

export const DEFAULT_DELEGATION_LIMITS: DelegationLimits = {
  wallTimeMs: 30 * 60_000,
  maxUpdatesPerSecond: 4,
  maxInlineBytes: 1_000_000,
  maxInputRounds: 5,
};

export interface DelegationHooks {
  /** The card changed (coalesced). */
  onUpdate?(view: DelegationView): void;
  /** The agent named the task (once): it may outlive Lena from here on. */
  onTask?(taskId: string, contextId: string | null): void;
  /** The agent asks the user; null when the user did not answer. */
  ask?(question: string, view: DelegationView): Promise<string | null>;
  /** Keeps an artifact past the inline limit as a file; without it the rest is dropped. */
  keep?: ArtifactKeeper;
  /**
   * Runs the OAuth sign-in the agent's card declares (asking the user first); resolves once the
   * token is kept, or with why not. Without it, a task that needs a sign-in ends with advice.
   */
  signIn?(
    why: string,
    view: DelegationView,
  ): Promise<{ ok: true } | { ok: false; message: string }>;
}

export interface DelegationOutcome {
  view: DelegationView;
  /** Failed, rejected, canceled, timed out, unanswered, or the agent could not be reached. */
  isError: boolean;
  /** Lena's own words about the outcome (never the agent's). */
  summary: string;
  /** What the agent said (artifacts, its last message), capped: untrusted data. */
  agentText: string;
  /** The user stopped it. */
  cancelled: boolean;
  /** Lena is quitting: the task was left running on the agent (no CancelTask). */
  detached: boolean;
}

export interface DelegationInput {
  message: string;
  contextId?: string;
  /** A task already running (followed again after a restart): no message is sent. */
  taskId?: string;
}

/** What an artifact seen before says of its file: kept at `path`, or why not. */
const keptPart = (a: DelegationArtifact): Pick<DelegationArtifact, 'path' | 'notKept'> =>
  a.path ? { path: a.path } : a.notKept ? { notKept: a.notKept } : {};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), done()), { once: true });
  });

class Tracker {
  readonly view: DelegationView;
  private lastEmit = 0;
  private timer: NodeJS.Timeout | undefined;
  lastMessage: string | null = null;

  private named = false;
  /** Artifacts past the keep cap, by name, with the cap: their later chunks are not kept either. */
  private readonly dropped = new Map<string, number>();

  constructor(
    agent: string,
    private readonly limits: DelegationLimits,
    private readonly hooks: DelegationHooks,
  ) {
    this.view = {
      agent,
      taskId: null,
      contextId: null,
      state: 'submitted',
      status: null,
      artifacts: [],
      rounds: 0,
    };
  }

  apply(event: A2aEvent): void {
    const v = this.view;
    switch (event.kind) {
      case 'task':
        this.snapshot(event.task);
        break;
      case 'status':
        v.taskId ||= event.taskId;
        v.contextId ||= event.contextId;
        v.state = event.state;
        if (event.status) v.status = event.status;
        break;
      case 'artifact':
        this.artifact(event.artifact, event.append);
        break;
      case 'message':
        // A direct reply: the exchange ends with it.
        v.contextId ||= event.contextId || null;
        this.lastMessage = event.text;
        v.state = 'completed';
        break;
    }
    this.changed(FINAL_STATES.has(v.state) || v.state === 'input-required');
  }

  /** Tells the hooks the task's id the first time it is known. */
  private name(): void {
    if (this.named || !this.view.taskId) return;
    this.named = true;
    this.hooks.onTask?.(this.view.taskId, this.view.contextId);
  }

  snapshot(task: TaskSnapshot): void {
    const v = this.view;
    v.taskId = task.id || v.taskId;
    v.contextId = task.contextId || v.contextId;
    v.state = task.state;
    if (task.status) v.status = task.status;
    if (task.artifacts.length)
      v.artifacts = task.artifacts.map((a) => {
        const had = v.artifacts.find(
          (x) => x.name === a.name && (x.path || x.notKept) && x.bytes === a.bytes,
        );
        return this.capped(had ? { ...a, ...keptPart(had) } : this.kept(a, a.text, false));
      });
  }

  /** An artifact whose text passes the inline limit is written whole to a file (appended to). */
  private kept(a: DelegationArtifact, text: string, append: boolean): DelegationArtifact {
    const keeper = this.hooks.keep;
    if (!keeper || (!append && Buffer.byteLength(text) <= this.limits.maxInlineBytes)) return a;
    const kept = keeper.keep(this.view.taskId, a.name, text, append);
    if (!kept) return a;
    const { path: _was, ...rest } = a;
    if ('path' in kept) return { ...rest, path: kept.path };
    this.dropped.set(a.name, kept.dropped);
    return { ...rest, notKept: notKeptNote(a.bytes, kept.dropped) };
  }

  /** Text past the inline limit is not kept: the card and Claude get the first part, and the size. */
  private capped(a: DelegationArtifact): DelegationArtifact {
    const max = this.limits.maxInlineBytes;
    return a.text.length > max ? { ...a, text: a.text.slice(0, max) } : a;
  }

  private artifact(a: DelegationArtifact, append: boolean): void {
    const found = this.view.artifacts.find((x) => x.name === a.name);
    if (!found) this.view.artifacts.push(this.capped(this.kept(a, a.text, false)));
    else if (append) {
      const merged = {
        ...found,
        text: found.text + a.text,
        bytes: found.bytes + a.bytes,
        files: [...found.files, ...a.files],
      };
      const limit = this.dropped.get(a.name);
      delete found.path;
      if (limit !== undefined)
        Object.assign(found, this.capped({ ...merged, notKept: notKeptNote(merged.bytes, limit) }));
      else {
        // Once kept, only the new text goes to the file; before, the whole text so far does.
        const added = merged.path ? a.text : merged.text;
        Object.assign(found, this.capped(this.kept(merged, added, Boolean(merged.path))));
      }
    } else Object.assign(found, this.capped(this.kept(a, a.text, false)));
  }

  /** Emits at most `maxUpdatesPerSecond`; a change inside the window is sent at its end. */
  changed(now = false): void {
    this.name();
    const gap = 1000 / this.limits.maxUpdatesPerSecond;
    const wait = this.lastEmit + gap - Date.now();
    if (now || wait <= 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.lastEmit = Date.now();
      this.hooks.onUpdate?.(structuredClone(this.view));
    } else this.timer ??= setTimeout(() => ((this.timer = undefined), this.changed(true)), wait);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

const done = (t: Tracker) =>
  FINAL_STATES.has(t.view.state) ||
  t.view.state === 'input-required' ||
  t.view.state === 'auth-required';

// Long: the loop of one delegation (send, follow, ask, follow again), each step bounded.
export async function delegate(
  connection: AgentConnection,
  agent: string,
  input: DelegationInput,
  hooks: DelegationHooks,
  signal: AbortSignal,
  limits: DelegationLimits = DEFAULT_DELEGATION_LIMITS,
): Promise<DelegationOutcome> {
  const t = new Tracker(agent, limits, hooks);
  const wall = AbortSignal.timeout(limits.wallTimeMs);
  const both = AbortSignal.any([signal, wall]);
  let message: string | null = input.taskId ? null : input.message;
  if (input.taskId) t.view.taskId = input.taskId;
  if (input.contextId) t.view.contextId = input.contextId;
  let failure: string | null = null;
  // The task as sent, sent again (same task and context) once a sign-in it stopped for is done.
  const sent = input.message;
  const resumed = Boolean(input.taskId);
  let signIns = 0;
  const canSignIn = () => Boolean(hooks.signIn && connection.card.oauth) && signIns < MAX_SIGN_INS;
  const signIn = async (why: string): Promise<string | null> => {
    signIns++;
    // The card says the task waits for a sign-in while the user is asked, and after a refusal.
    const before = t.view.state;
    if (!FINAL_STATES.has(before)) t.view.state = 'auth-required';
    t.changed(true);
    const done = await hooks.signIn!(why, structuredClone(t.view));
    if (!done.ok)
      return `the agent needs a sign-in, and it was not done: ${done.message.replace(/\.$/, '')}. The user can sign in with \`lena agents login ${agent}\` (or Sign in when Lena asks) and ask again.`;
    t.view.state = before;
    t.changed(true);
    return null;
  };
  try {
    if (message !== null && canSignIn() && !(await connection.signedIn()))
      failure = await signIn(`Agent ${agent} needs you to sign in before Lena sends it the task.`);
    for (; failure === null;) {
      if (message !== null) {
        try {
          failure = await sendOnce(connection, t, message, both);
        } catch (err) {
          if (!signInNeeded(err) || !canSignIn()) throw err;
          failure = await signIn(`Agent ${agent} refused the task without a valid sign-in.`);
          continue;
        }
        message = null;
      }
      if (failure === null && !done(t) && !both.aborted)
        try {
          await followUntilDone(connection, t, both);
        } catch (err) {
          if (!signInNeeded(err) || !canSignIn()) throw err;
          failure = await signIn(
            `Agent ${agent} refused to show the task without a valid sign-in.`,
          );
          continue;
        }
      if (
        !both.aborted &&
        t.view.state === 'auth-required' &&
        hooks.signIn &&
        connection.card.oauth
      ) {
        if (!canSignIn()) {
          failure = `the agent asked for a sign-in again after Lena signed in ${signIns} times${t.view.status ? ` ("${t.view.status}")` : ''}; the account may lack the access the agent needs.`;
          break;
        }
        failure = await signIn(
          `Agent ${agent} stopped the task for a sign-in${t.view.status ? `: ${t.view.status}` : '.'}`,
        );
        if (failure !== null || both.aborted) break;
        // A resumed task has no message: it is followed with the token (the agent resumes it).
        message = resumed ? null : sent;
        t.view.state = 'working';
        t.changed(true);
        continue;
      }
      if (both.aborted || failure !== null || t.view.state !== 'input-required') break;
      if (t.view.rounds >= limits.maxInputRounds) {
        failure = `the agent asked for input more than ${limits.maxInputRounds} times; Lena cancelled the task (the limit is a setting).`;
        await cancelQuietly(connection, t);
        break;
      }
      t.view.rounds++;
      const question = t.view.status ?? 'The agent needs more input.';
      const answer = hooks.ask ? await hooks.ask(question, structuredClone(t.view)) : null;
      if (both.aborted) break;
      if (answer === null) {
        failure = 'the agent asked a question and no answer was given; Lena cancelled the task.';
        await cancelQuietly(connection, t);
        break;
      }
      message = answer;
      t.view.state = 'working';
      t.changed(true);
    }
  } catch (err) {
    failure = failureOf(err);
  }
  const detached = signal.reason instanceof DetachFromTask;
  if (both.aborted && !FINAL_STATES.has(t.view.state) && !detached) {
    await cancelQuietly(connection, t);
    if (!signal.aborted)
      failure = `the task did not end within ${Math.round(limits.wallTimeMs / 60_000)} minutes; Lena cancelled it (the wall time is a setting).`;
  }
  if (t.view.state === 'auth-required')
    t.view.advice = agentSignInAdvice(agent, connection.card.oauth);
  t.stop();
  return { ...outcome(t, failure, signal.aborted && !detached, limits), detached };
}

/** Answers that are not A2A: not JSON, not JSON-RPC, or a result of the wrong shape. */
const MALFORMED =
  /not valid JSON|Unexpected (token|end of JSON|v0\.3|.*payload case)|Invalid (JSON-RPC |agent )?response|result kind|missing payload/i;

/** Why the agent's answer ended the delegation: unreachable, or a malformed message. */
function failureOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const signIn = signInNeeded(err);
  if (signIn) return `${signIn.message.replace(/\.$/, '')}; ${signIn.hint ?? ''}`.trim();
  const malformed =
    err instanceof SyntaxError ||
    (err instanceof Error && /InvalidAgentResponse/.test(err.name)) ||
    MALFORMED.test(text);
  return malformed
    ? `the agent answered with a malformed message (${text.slice(0, 300)}); Lena stopped following the task.`
    : `the agent could not be reached: ${text}.`;
}

/** Sends one message; a refused stream falls back to SendMessage. Null, or why it failed. */
async function sendOnce(
  connection: AgentConnection,
  t: Tracker,
  text: string,
  signal: AbortSignal,
): Promise<string | null> {
  const ids = {
    ...(t.view.contextId ? { contextId: t.view.contextId } : {}),
    // An answer continues the task that asked; a first message starts a new one.
    ...(t.view.taskId && !FINAL_STATES.has(t.view.state) ? { taskId: t.view.taskId } : {}),
  };
  // The task's snapshot that opens the answer's stream still says input-required (or
  // auth-required, when sent again after a sign-in): it was just answered, so it is working; a
  // new question comes as a status update.
  const apply = (event: A2aEvent) =>
    t.apply(
      ids.taskId &&
        event.kind === 'task' &&
        (event.task.state === 'input-required' || event.task.state === 'auth-required')
        ? { ...event, task: { ...event.task, state: 'working' } }
        : event,
    );
  if (connection.card.streaming) {
    let seen = 0;
    try {
      for await (const event of connection.stream(text, ids, signal)) {
        seen++;
        apply(event);
        if (done(t)) return null;
      }
      return null;
    } catch (err) {
      if (signal.aborted) return null;
      if (signInNeeded(err)) throw err;
      // The card said streaming and the agent refused it before any event: send it plainly.
      if (seen > 0) return null;
    }
  }
  apply(await connection.send(text, ids, signal));
  return null;
}

/** A stream that ended early: SubscribeToTask once, then GetTask with backoff until it ends. */
async function followUntilDone(connection: AgentConnection, t: Tracker, signal: AbortSignal) {
  const id = t.view.taskId;
  if (!id) return;
  if (connection.card.streaming) {
    try {
      for await (const event of connection.resubscribe(id, signal)) {
        t.apply(event);
        if (done(t)) return;
      }
    } catch (err) {
      if (signInNeeded(err)) throw err;
      // Not resumable as a stream: poll.
    }
  }
  let delay = 250;
  while (!done(t) && !signal.aborted) {
    await sleep(delay, signal);
    if (signal.aborted) return;
    t.snapshot(await connection.getTask(id, signal));
    t.changed(done(t));
    delay = Math.min(delay * 1.6, 5000);
  }
}

async function cancelQuietly(connection: AgentConnection, t: Tracker): Promise<void> {
  if (!t.view.taskId || FINAL_STATES.has(t.view.state)) return;
  try {
    t.snapshot(await connection.cancel(t.view.taskId, AbortSignal.timeout(3000)));
  } catch {
    // The agent may have ended the task already; the card says what Lena knows.
  }
  if (!FINAL_STATES.has(t.view.state)) t.view.state = 'canceled';
  t.changed(true);
}

function outcome(
  t: Tracker,
  failure: string | null,
  cancelled: boolean,
  limits: DelegationLimits,
): Omit<DelegationOutcome, 'detached'> {
  const v = t.view;
  const parts: string[] = [];
  let budget = limits.maxInlineBytes;
  for (const a of v.artifacts) {
    const body = Buffer.from(a.text);
    const shown = body.length > budget ? body.subarray(0, budget).toString() : a.text;
    budget = Math.max(0, budget - body.length);
    const cut =
      Buffer.byteLength(shown) < Buffer.byteLength(a.text) || a.text.length >= limits.maxInlineBytes
        ? `\n[… ${a.bytes} bytes in all; the first ${Buffer.byteLength(shown)} are shown here${
            a.path
              ? `; the whole artifact is kept in the file ${a.path}, which the user can open`
              : a.notKept
                ? `. ${a.notKept}`
                : ''
          }]`
        : '';
    parts.push(`Artifact "${a.name}":\n${shown}${cut}`);
    if (a.files.length) parts.push(`Files: ${a.files.join('; ')}`);
  }
  if (t.lastMessage) parts.push(t.lastMessage);
  else if (v.status) parts.push(`Status message: ${v.status}`);
  const ids = `task ${v.taskId ?? '(none)'}, context ${v.contextId ?? '(none)'}`;
  const isError =
    cancelled || failure !== null || ['failed', 'rejected', 'canceled'].includes(v.state);
  const summary = cancelled
    ? `The user stopped the delegation to agent ${v.agent} (${ids}); Lena asked the agent to cancel it.`
    : failure
      ? `The delegation to agent ${v.agent} did not complete (${ids}, state ${v.state}): ${failure}`
      : v.state === 'auth-required'
        ? `Agent ${v.agent} stopped this task for a sign-in (${ids}); Lena cannot sign in to it here. Tell the user: ${v.advice ?? ''}`
        : `Agent ${v.agent} ended the task with state ${v.state} (${ids}). What it returned follows.`;
  return {
    view: structuredClone(v),
    isError: isError || v.state === 'auth-required',
    summary,
    agentText: parts.join('\n\n') || '(the agent returned nothing)',
    cancelled,
  };
}
