// The gate's verdict for one tool call: rules from every scope, trust, pinned definitions and
// session grants combined into allow, deny or ask, with what decided it (for the audit).
import type { PathContext } from './arg-paths';
import type { PinCheck } from './pins';
import { describeCondition } from './arg-match';
import { compileRules, evaluateRules, serverRuleFor, type RuleEvaluation } from './rules';
import { autoApprovesReadOnly, isDestructive, trustStatus, type TrustStatus } from './trust';
import type {
  Held,
  RuleOutcome,
  PermissionLists,
  PermissionState,
  RuleEntry,
  ServerIdentity,
  ToolCallRequest,
  ToolDefinition,
} from './types';

/** Anything that can tell whether a tool's definition still matches its pin. */
export interface PinChecker {
  check(server: string, tool: ToolDefinition): PinCheck;
}

export interface GateContext {
  /** The user scope: rules, trusted servers, the read-only auto-approval setting. */
  state: PermissionState;
  /** The open project's deny and ask rules (an allow here is refused and never applies). */
  projectRules?: Partial<PermissionLists>;
  /**
   * Why the open project's settings file could not be read. Its deny rules are unknown, so the
   * gate fails closed: every call asks, whatever allow rule, grant or trust would let it run.
   */
  projectProblem?: string;
  /** `--allow` / `--deny` of `lena chat -p`. */
  cliRules?: Partial<PermissionLists>;
  /** "Allow for this conversation" grants of the request's conversation. */
  sessionGrants?: readonly RuleEntry[];
  pins?: PinChecker;
  /** False where no one can answer a dialog (the command line): ask becomes deny. */
  interactive: boolean;
  /** How path arguments resolve: the platform and the server's roots (this machine, no roots, when absent). */
  paths?: PathContext;
}

export interface GateDecision {
  outcome: RuleOutcome;
  /** For the audit: "rule allow mcp__fs__read_text_file (user)", "held: definition changed", … */
  decidedBy: string;
  /** Set when the tool's definition changed since it was pinned: the call must be asked again. */
  held?: Held;
  /** The rule evaluation alone (shown in the dialog as "which rule would apply"). */
  rule: RuleEvaluation;
  trust: TrustStatus;
  destructive: boolean;
  /** For a deny that the user did not choose: what failed and what to do. */
  message?: string;
}

export const HELD = 'held: definition changed';
export const AUTO_READ_ONLY = 'auto: read-only tool of trusted server';
export const PROJECT_UNREADABLE = 'ask: project settings unreadable';
export const CLI_NEEDS_APPROVAL = 'cli: needs approval';

/** Decides one call. Pure: persisting grants and pins after an answer is the caller's job. */
export function decide(request: ToolCallRequest, context: GateContext): GateDecision {
  const scoped = [
    compileRules('user', context.state.permissions),
    compileRules('project', context.projectRules ?? {}),
    compileRules('cli', context.cliRules ?? {}),
    compileRules('session', { allow: [...(context.sessionGrants ?? [])] }),
  ].flatMap((compiled) => compiled.rules);
  const rule = evaluateRules(scoped, request, request.identity, context.paths);
  const trust = trustStatus(context.state, request.identity);
  const pin = context.pins?.check(request.serverName, request.tool);
  const held = pin?.status === 'changed' ? pin.held : undefined;
  const destructive = isDestructive(request.tool.annotations);
  const base = { rule, trust, destructive, ...(held ? { held } : {}) };

  if (rule.decision === 'deny')
    return {
      ...base,
      outcome: 'deny',
      decidedBy: rule.decidedBy,
      message: deniedByRule(request, rule),
    };
  let verdict: { outcome: RuleOutcome; decidedBy: string };
  if (context.projectProblem !== undefined)
    verdict = { outcome: 'ask', decidedBy: PROJECT_UNREADABLE };
  else if (held) verdict = { outcome: 'ask', decidedBy: HELD };
  else if (rule.decision === 'ask') verdict = { outcome: 'ask', decidedBy: rule.decidedBy };
  else if (rule.decision === 'allow') verdict = { outcome: 'allow', decidedBy: rule.decidedBy };
  else if (autoApprovesReadOnly(context.state, trust, request.tool.annotations))
    verdict = { outcome: 'allow', decidedBy: AUTO_READ_ONLY };
  else
    verdict = {
      outcome: 'ask',
      decidedBy: withNotes(rule.decidedBy, [
        ...rule.suspended,
        ...(trust.note ? [trust.note] : []),
      ]),
    };

  if (verdict.outcome === 'ask' && !context.interactive) {
    return {
      ...base,
      outcome: 'deny',
      decidedBy: `${CLI_NEEDS_APPROVAL} (${verdict.decidedBy})`,
      message: cliMessage(request, rule, held, context.projectProblem),
    };
  }
  return { ...base, ...verdict };
}

/**
 * A server's sampling request spends the user's key for that server: refused when a deny rule
 * covers every tool of the server (`mcp__fs`, `mcp__fs__*`, `*`) in any scope. A rule on one tool
 * does not refuse it; the sampling review (or the server's "always") and the caps decide the rest.
 */
export function decideSampling(
  identity: ServerIdentity,
  context: Omit<GateContext, 'interactive' | 'pins' | 'sessionGrants'>,
): { outcome: 'allow' | 'deny'; decidedBy: string; message?: string } {
  const wholeServer = [
    compileRules('user', context.state.permissions),
    compileRules('project', context.projectRules ?? {}),
    compileRules('cli', context.cliRules ?? {}),
  ]
    .flatMap((compiled) => compiled.rules)
    .filter((rule) => rule.list === 'deny' && rule.parsed.kind !== 'tool');
  const target = { qualifiedName: serverRuleFor(identity.name), serverName: identity.name };
  const rule = evaluateRules(wholeServer, target, identity);
  if (rule.decision !== 'deny') return { outcome: 'allow', decidedBy: 'sampling: no deny rule' };
  const undo = UNDO[rule.matched?.scope ?? 'user'];
  return {
    outcome: 'deny',
    decidedBy: rule.decidedBy,
    message: `${identity.name}'s sampling request was refused: ${rule.decidedBy.replace(/^rule /, 'the rule ')} denies every tool of that server, and so its requests to Claude with your key; ${undo}.`,
  };
}

const withNotes = (text: string, notes: string[]) =>
  notes.length ? `${text} (${notes.join('; ')})` : text;

const UNDO: Record<string, string> = {
  user: "remove that rule in Lena's settings to let it run",
  project: "the project's .lena/settings.json sets it; edit that file to let it run",
  cli: 'drop that --deny flag to let it run',
  session: 'start a new conversation to let it run',
};

function deniedByRule(request: ToolCallRequest, rule: RuleEvaluation): string {
  const undo = UNDO[rule.matched?.scope ?? 'user'];
  const parsed = rule.matched?.parsed;
  // A rule with conditions refuses only the calls whose arguments meet them: the model may retry.
  const others =
    parsed?.kind === 'tool' && parsed.conditions.length > 0
      ? ` It refuses only calls whose arguments match it (${parsed.conditions.map(describeCondition).join(', ')}); a call with other arguments, such as another path, is decided on its own.`
      : '';
  return `${request.qualifiedName} was denied by ${rule.decidedBy.replace(/^rule /, 'the rule ')}; ${undo}.${others}`;
}

function cliMessage(
  request: ToolCallRequest,
  rule: RuleEvaluation,
  held: Held | undefined,
  projectProblem: string | undefined,
): string {
  const name = request.qualifiedName;
  if (projectProblem !== undefined)
    return `${name} needs approval; no one can answer here: ${projectProblem}`;
  if (held) {
    return `${name} needs approval; no one can answer here: its definition changed since it was approved (${held.diff.map((c) => c.field).join(', ')}). Review and accept the new definition in Lena's window.`;
  }
  if (rule.decision === 'ask') {
    return `${name} needs approval; no one can answer here: ${rule.decidedBy} asks every time, and an --allow rule cannot override it. Run it from Lena's window or remove that rule.`;
  }
  const notes = rule.suspended.length ? `: ${rule.suspended.join('; ')}` : '';
  return `${name} needs approval; no one can answer here${notes} (use --allow ${name}).`;
}
