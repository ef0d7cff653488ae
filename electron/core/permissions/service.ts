// The permission gate as the agent loop uses it: `authorize(call)` decides from rules, trust and
// pins, asks through the broker when needed, applies the answer (session grants, lasting rules,
// pins) and returns the audit record. One instance per app (window) or per `lena chat -p` run.
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ServerScope } from '../../../shared/server-config';
import { ToolAcceptance } from './acceptance';
import { hostPathPlatform, type PathPlatform } from './arg-paths';
import { answerText, auditRecord, deniedResultText } from './audit';
import type { Availability, ToolStanding } from './availability';
import { BaselineStore } from './baselines';
import type { AskBroker } from './broker';
import { decide, decideSampling, type GateDecision } from './gate';
import { hasLegacyFor, rebindLegacy } from './identity-binding';
import type { PinStore } from './pins';
import { buildPrompt } from './prompt';
import { addRule as addToLists, removeRule as removeFromLists } from './rules';
import type { PermissionStore } from './store';
import { checkWhenRule, lastingRule } from './when-rule';
import { confirmServer, trustServer, untrustServer } from './trust';
import type {
  Answer,
  AuditRecord,
  Held,
  PermissionLists,
  PermissionState,
  RuleEntry,
  RuleList,
  ServerIdentity,
  ToolCallRequest,
  ToolDefinition,
} from './types';

/** The audit's "decided by" for a call the user ran from the servers page. */
export const BY_HAND = 'run by hand';

/** The audit's "decided by" for a call of a tool the user has not accepted. */
export const NOT_ACCEPTED = 'not offered';

/** The gate's verdict without asking: null with `error` when the rule or call cannot be judged. */
export interface RuleCheck {
  decision: 'allow' | 'ask' | 'deny' | null;
  decidedBy: string;
  error: string | null;
}

export interface AuthorizeResult {
  outcome: 'allow' | 'deny';
  audit: AuditRecord;
  /** For a denied call: the error text the model sees (with the user's reason, if any). */
  message?: string;
}

export interface PermissionServiceOptions {
  store: PermissionStore;
  /** Accepted tool definitions; without them every listed tool is offered and nothing is held. */
  pins?: PinStore;
  /** Each server's tool baseline and rejected tools (in memory when absent). */
  baselines?: BaselineStore;
  /** Absent where no one can answer (the command line): every ask becomes a deny. */
  broker?: Pick<AskBroker, 'request' | 'settle'>;
  projectRules?: Partial<PermissionLists>;
  cliRules?: Partial<PermissionLists>;
  now?: () => Date;
  /** The key of a server's pins and baseline: its identity (host/server-records.ts); its name when absent. */
  recordKey?: (server: string) => string;
  /** How path arguments compare (this machine when absent) and each server's roots, as folder paths. */
  pathPlatform?: PathPlatform;
  roots?: (server: string) => readonly string[];
  /** A sandboxed server's limits in words ("sandboxed: can write only to …"), said in the question. */
  sandbox?: (server: string) => string | null;
}

export class PermissionService {
  private state!: PermissionState;
  private readonly grants = new Map<string, RuleEntry[]>();
  /** Calls waiting in the broker's queue, by broker id: an answer to one may decide the others. */
  private readonly waiting = new Map<string, ToolCallRequest>();
  private projectRules: Partial<PermissionLists>;
  private projectProblem: string | undefined;
  private platform: PathPlatform | undefined;
  private readonly now: () => Date;
  /** Which tools reach the model (pins, baselines, rejections); absent without pins. */
  readonly acceptance: ToolAcceptance | undefined;

  private constructor(
    private readonly options: PermissionServiceOptions,
    baselines: BaselineStore | undefined,
  ) {
    this.projectRules = options.projectRules ?? {};
    this.now = options.now ?? (() => new Date());
    this.acceptance =
      options.pins && baselines
        ? new ToolAcceptance(options.pins, baselines, this.now, options.recordKey)
        : undefined;
  }

  static async create(options: PermissionServiceOptions): Promise<PermissionService> {
    const baselines = options.pins
      ? (options.baselines ?? (await BaselineStore.open()))
      : undefined;
    const service = new PermissionService(options, baselines);
    await service.reload();
    return service;
  }

  /** Re-reads the user scope (settings changed on disk or in another window). */
  async reload(): Promise<void> {
    this.state = await this.options.store.load();
  }

  current(): PermissionState {
    return structuredClone(this.state);
  }

  /**
   * The open project's rules changed (project opened, closed, or its settings edited). With a
   * problem (the file exists but is broken) every call asks until the file is fixed.
   */
  setProjectRules(lists: Partial<PermissionLists>, problem?: string): void {
    this.projectRules = lists;
    this.projectProblem = problem;
  }

  /** The gate's verdict without asking anyone (for previews and tests). */
  evaluate(request: ToolCallRequest): GateDecision {
    return this.decideFor(request, this.options.broker !== undefined);
  }

  private pathPlatform(): PathPlatform {
    return (this.platform ??= this.options.pathPlatform ?? hostPathPlatform());
  }

  /**
   * "Always allow when…" previewed: what the gate would decide for the waiting call `id` were
   * this allow rule saved. A rule that is malformed, names another tool or has no condition is
   * refused with the reason (the answer is refused for the same reasons).
   */
  previewRule(id: string, text: string): RuleCheck {
    const request = this.waiting.get(id);
    if (!request)
      throw new LenaError(
        ERROR_CODE.notFound,
        `Permission request ${id} is no longer pending (it was answered, timed out or cancelled).`,
      );
    const checked = checkWhenRule(request.qualifiedName, text);
    if (!checked.ok) return { decision: null, decidedBy: '', error: checked.message };
    const entry = { rule: text.trim(), identity: request.identity.hash };
    const saved = this.state;
    try {
      this.state = {
        ...saved,
        permissions: addToLists(saved.permissions, 'allow', entry, 'user'),
      };
      const decision = this.decideFor(request, true);
      return { decision: decision.outcome, decidedBy: decision.decidedBy, error: null };
    } finally {
      this.state = saved;
    }
  }

  /** What the gate decides for a call without asking anyone (the settings tester). */
  check(request: ToolCallRequest): RuleCheck {
    const decision = this.decideFor(request, true);
    return { decision: decision.outcome, decidedBy: decision.decidedBy, error: null };
  }

  /** `interactive`: whether an ask stays an ask (someone can answer) or becomes a deny. */
  private decideFor(request: ToolCallRequest, interactive: boolean): GateDecision {
    return decide(request, {
      state: this.state,
      projectRules: this.projectRules,
      projectProblem: this.projectProblem,
      cliRules: this.options.cliRules,
      sessionGrants: this.grants.get(request.conversationId),
      pins: this.acceptance,
      interactive,
      paths: {
        platform: this.pathPlatform(),
        roots: this.options.roots?.(request.serverName) ?? [],
      },
    });
  }

  /** Decides one call, asking the user when needed; never throws for a denial. */
  async authorize(
    request: ToolCallRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<AuthorizeResult> {
    // A tool never offered to the model (new since the baseline, or rejected) does not run, even
    // when a result talked the model into calling it; the user accepts it on the server's page.
    const standing = this.standing(request.serverName, request.tool);
    if (standing === 'new' || standing === 'rejected') return this.notAccepted(request, standing);
    const decision = this.evaluate(request);
    if (decision.outcome === 'allow') {
      const note = await this.pinSafely(request, 'first');
      return {
        outcome: 'allow',
        audit: auditRecord('allow', decision.decidedBy + note, this.now()),
      };
    }
    if (decision.outcome === 'deny' || !this.options.broker) {
      return this.denied(request, decision.decidedBy, undefined, decision.message);
    }
    let queuedId: string | undefined;
    const home = this.pathPlatform().home;
    const result = await this.options.broker.request(
      buildPrompt(request, decision, home, this.options.sandbox?.(request.serverName)),
      {
        ...options,
        onQueued: (id) => {
          queuedId = id;
          this.waiting.set(id, request);
        },
      },
    );
    if (queuedId !== undefined) this.waiting.delete(queuedId);
    if (!result.answered && result.settled) {
      const note = await this.pinSafely(request, 'first');
      return { outcome: 'allow', audit: auditRecord('allow', result.decidedBy + note, this.now()) };
    }
    if (!result.answered) return this.denied(request, result.decidedBy);
    return this.apply(request, decision, result.answer);
  }

  /**
   * A call the user runs by hand from the servers page: the same rules decide, but the Run click
   * is the approval of this one call, so nothing is asked and nothing is remembered (no grant,
   * rule or pin). A deny rule still refuses it, with the rule and how to lift it. The same holds
   * where no dialog can be shown (`lena mcp call`): the command is the answer to an ask rule.
   * `by` names that approval in the audit (the click, or a task's approval when it started).
   */
  authorizeByHand(request: ToolCallRequest, by: string = BY_HAND): AuthorizeResult {
    const decision = this.decideFor(request, true);
    if (decision.outcome === 'deny')
      return this.denied(request, decision.decidedBy, undefined, decision.message);
    const standing = this.standing(request.serverName, request.tool);
    const note =
      standing === 'new' || standing === 'rejected'
        ? ` (${standing} tool, not offered to Claude)`
        : decision.held
          ? ' (definition changed since it was accepted)'
          : '';
    return { outcome: 'allow', audit: auditRecord('allow', by + note, this.now()) };
  }

  /** A server's sampling request, before anyone is asked: a deny rule on the whole server refuses it. */
  authorizeSampling(identity: ServerIdentity): AuthorizeResult {
    const verdict = decideSampling(identity, {
      state: this.state,
      projectRules: this.projectRules,
      cliRules: this.options.cliRules,
    });
    return {
      outcome: verdict.outcome,
      audit: auditRecord(verdict.outcome, verdict.decidedBy, this.now()),
      ...(verdict.message ? { message: verdict.message } : {}),
    };
  }

  /**
   * After an answer that allows more than one call ("allow for this chat", "always allow"), the
   * calls still queued that the rules now allow (the same tool of the same server; in that chat
   * for a session grant, which evaluate knows) are not asked again: each is allowed, its audit
   * naming the rule that now covers it.
   */
  private settleCovered(): void {
    for (const [id, waiting] of [...this.waiting]) {
      const decision = this.evaluate(waiting);
      if (decision.outcome !== 'allow') continue;
      this.waiting.delete(id);
      this.options.broker?.settle(
        id,
        `${decision.decidedBy}, from the answer to an identical request`,
      );
    }
  }

  private async apply(
    request: ToolCallRequest,
    decision: GateDecision,
    answer: Answer,
  ): Promise<AuthorizeResult> {
    const held = decision.held !== undefined;
    const identity = request.identity.hash;
    let rule: string | undefined;
    let note = '';
    try {
      const lasting = lastingRule(request, answer, this.now());
      if (lasting) rule = await this.persistRule(lasting.list, lasting.entry);
    } catch (error) {
      // The user's decision for this call stands even when the lasting rule could not be saved.
      note = ` (the rule could not be saved: ${(error as Error).message})`;
    }
    const askedBy = decision.rule.decision === 'ask' ? decision.rule.decidedBy : undefined;
    const decidedBy = answerText(answer, { held, rule, ...(askedBy ? { askedBy } : {}) }) + note;
    if (answer.kind === 'deny' || answer.kind === 'always-deny-tool')
      return this.denied(request, decidedBy, answer.reason);
    if (answer.kind === 'allow-conversation')
      this.grantSession(request.conversationId, { rule: request.qualifiedName, identity });
    // Allowing once runs this call only; the other answers accept the definition shown.
    const pinNote = await this.pinSafely(
      request,
      answer.kind === 'allow-once' ? 'first' : 'accept',
    );
    if (answer.kind !== 'allow-once') this.settleCovered();
    return { outcome: 'allow', audit: auditRecord('allow', decidedBy + pinNote, this.now()) };
  }

  private notAccepted(request: ToolCallRequest, standing: 'new' | 'rejected'): AuthorizeResult {
    const why =
      standing === 'new'
        ? `the ${request.serverName} server added it after it was approved, and the user has not accepted it yet`
        : 'the user rejected this tool';
    return {
      outcome: 'deny',
      audit: auditRecord('deny', `${NOT_ACCEPTED}: ${standing} tool`, this.now()),
      message: `${request.qualifiedName} is not available: ${why}. Use only the tools listed in this request.`,
    };
  }

  private denied(
    request: ToolCallRequest,
    decidedBy: string,
    reason?: string,
    message?: string,
  ): AuthorizeResult {
    return {
      outcome: 'deny',
      audit: auditRecord('deny', decidedBy, this.now()),
      message: message ?? deniedResultText(request.qualifiedName, decidedBy, reason),
    };
  }

  /**
   * Pins the definition on its first allow (`first`) or accepts a changed one (`accept`). A pin
   * that cannot be saved does not stop the call the user allowed; the audit says so.
   */
  private async pinSafely(request: ToolCallRequest, mode: 'first' | 'accept'): Promise<string> {
    const acceptance = this.acceptance;
    if (
      !acceptance ||
      (mode === 'first' && acceptance.check(request.serverName, request.tool).status !== 'unpinned')
    )
      return '';
    const before = acceptance.problems.length;
    await acceptance.accept(request.serverName, request.tool);
    const problem = acceptance.problems.slice(before).join('; ');
    return problem ? ` (the tool definition could not be pinned: ${problem})` : '';
  }

  /** "Allow for this conversation": lasts until the conversation ends, bound to the server entry. */
  grantSession(conversationId: string, entry: RuleEntry): void {
    const kept = (this.grants.get(conversationId) ?? []).filter((g) => g.rule !== entry.rule);
    this.grants.set(conversationId, [...kept, entry]);
  }

  /** Forgets a conversation's grants (closed, deleted, or the app quits). */
  endConversation(conversationId: string): void {
    this.grants.delete(conversationId);
  }

  /** Adds a lasting user rule (settings or "always" answers); a refused rule throws with the reason. */
  async addRule(list: RuleList, entry: RuleEntry): Promise<void> {
    await this.persistRule(list, entry);
  }

  /** Removes one rule; `args` picks a rule object among those of the same text. */
  async removeRule(list: RuleList, rule: string, args?: RuleEntry['args']): Promise<void> {
    await this.update((state) => ({
      ...state,
      permissions: removeFromLists(state.permissions, list, rule, args),
    }));
  }

  /**
   * Trusts a server the user configured themselves: never one from a project file (or a file given
   * on the command line), and never one without a valid entry to bind the trust to.
   */
  async trust(
    identity: ServerIdentity,
    where: { scope: ServerScope } = { scope: 'user' },
  ): Promise<void> {
    if (where.scope !== 'user' || identity.source === 'project') {
      throw new LenaError(
        ERROR_CODE.forbidden,
        `"${identity.name}" comes from a project file; only servers in your own mcp.json can be trusted.`,
      );
    }
    if (identity.hash === 'unknown')
      throw new LenaError(
        ERROR_CODE.conflict,
        `"${identity.name}" has no valid entry right now; fix its configuration before trusting it.`,
      );
    await this.update((state) => trustServer(state, identity, this.now()));
  }

  async untrust(name: string): Promise<void> {
    await this.update((state) => untrustServer(state, name));
  }

  /** The user confirmed a changed server: trust and allow rules follow its new entry. */
  async confirmServer(identity: ServerIdentity): Promise<void> {
    if (identity.hash === 'unknown')
      throw new LenaError(
        ERROR_CODE.conflict,
        `"${identity.name}" has no valid entry right now; fix its configuration first.`,
      );
    await this.update((state) => confirmServer(state, identity));
  }

  async setAutoApproveReadOnlyTrusted(on: boolean): Promise<void> {
    await this.update((state) => ({ ...state, autoApproveReadOnlyTrusted: on }));
  }

  /** The user accepted a new or changed tool definition: it is offered again and calls are not held. */
  async acceptDefinition(serverName: string, tool: ToolDefinition): Promise<void> {
    await this.acceptance?.accept(serverName, tool);
  }

  /** The user rejected a new or changed tool: it stays out of every request. */
  async rejectTool(serverName: string, tool: ToolDefinition): Promise<void> {
    await this.acceptance?.reject(serverName, tool);
  }

  /**
   * Re-binds records an earlier version wrote (identity v1) to these servers as configured now,
   * when their old identity matches; a no-op (no write) when there is nothing to re-bind.
   */
  async rebindLegacyIdentities(identities: readonly ServerIdentity[]): Promise<boolean> {
    if (!hasLegacyFor(this.state, identities)) return false;
    await this.update((state) => rebindLegacy(state, identities));
    return true;
  }

  /**
   * A server listed its tools: while its baseline is open (first start-up after the user added,
   * approved or trusted it) they join it; afterwards a new tool waits for the user, trusted or not.
   */
  async toolsListed(identity: ServerIdentity, tools: readonly ToolDefinition[]): Promise<void> {
    await this.acceptance?.listed(identity.name, tools);
  }

  /** A held tool's change since the user accepted it (undefined: not changed). */
  heldChange(serverName: string, tool: ToolDefinition): Held | undefined {
    const check = this.acceptance?.check(serverName, tool);
    return check?.status === 'changed' ? check.held : undefined;
  }

  /** Which of a server's listed tools are offered, held (changed) or new. */
  availability(serverName: string, tools: readonly ToolDefinition[]): Availability {
    return (
      this.acceptance?.availability(serverName, tools) ?? {
        offered: [...tools],
        held: [],
        new: [],
        rejected: [],
        baseline: [],
      }
    );
  }

  standing(serverName: string, tool: ToolDefinition): ToolStanding {
    return this.acceptance?.standing(serverName, tool) ?? 'offered';
  }

  /**
   * The tools of a server that the next request may send. The first time, the server's open
   * baseline takes them and closes. One step of building a request's tools.
   */
  offer(serverName: string, tools: readonly ToolDefinition[]): ToolDefinition[] {
    return this.acceptance?.offer(serverName, tools) ?? [...tools];
  }

  /**
   * The user added or approved the server (a fresh baseline from its next listing) or trusted it
   * (`current`: the tools listed now are the baseline that trust covers; later ones ask once).
   */
  async rebaseline(
    serverName: string,
    options: { current?: readonly ToolDefinition[]; fresh?: boolean } = {},
  ): Promise<void> {
    await this.acceptance?.rebaseline(serverName, options);
  }

  private async persistRule(list: RuleList, entry: RuleEntry): Promise<string> {
    await this.update((state) => ({
      ...state,
      permissions: addToLists(state.permissions, list, entry, 'user'),
    }));
    return `rule ${list} ${entry.rule.trim()}`;
  }

  // Read-modify-write against the store, so a change made elsewhere in the meantime is kept.
  private async update(change: (state: PermissionState) => PermissionState): Promise<void> {
    const next = change(await this.options.store.load());
    await this.options.store.save(next);
    this.state = next;
  }
}
