// What the permission dialog receives: everything needed to decide, with hidden characters made
// visible, server hints marked untrusted where so, and the answers that will actually be accepted.
import { homedir } from 'node:os';
import type { GateDecision } from './gate';
import { scanText, type TextScan } from '../../../shared/invisible';
import { alwaysAllowNeedsConfirmation, hintsView, type HintsView } from './trust';
import type { DecisionKind, Held, ToolCallRequest } from './types';
import { suggestWhenRule } from './when-rule';

export interface PermissionPrompt {
  conversationId: string;
  toolUseId?: string;
  serverName: string;
  toolName: string;
  qualifiedName: string;
  /** The tool's title, with invisible characters shown as markers. */
  title?: string;
  /** The full description: `marked` shows every hidden character; `findings` lists them. */
  description: TextScan & { text: string };
  /** The complete arguments, and the same as indented JSON with hidden characters marked. */
  arguments: unknown;
  argumentsText: TextScan & { text: string };
  hints: HintsView;
  serverTrusted: boolean;
  /** Why a server the user trusted is not trusted now, if so. */
  trustNote?: string;
  destructive: boolean;
  /** Which rule would apply ("default: ask", "rule ask mcp__fs (project)", "held: definition changed"). */
  rule: string;
  /** Allow rules set aside because the server entry changed. */
  suspended: string[];
  held?: Held;
  /** The answers the broker accepts for this request. */
  offered: DecisionKind[];
  /** The rule "Always allow when…" starts from; null when that answer is not offered. */
  whenRule: string | null;
  /** Answers that need `confirmed: true` (a second, explicit confirmation). */
  needsConfirmation: DecisionKind[];
  /** MCP Apps: the tool's view asks, not the model (the dialog says so). */
  origin?: 'view';
  /** What the server's sandbox lets it do ("sandboxed: can write only to …"); absent when none. */
  sandbox?: string;
}

/** The answers that make sense: an ask rule would override any allow, so none is offered then. */
export function offeredDecisions(decision: GateDecision): DecisionKind[] {
  if (decision.rule.decision === 'ask') return ['allow-once', 'deny', 'always-deny-tool'];
  const offered: DecisionKind[] = [
    'allow-once',
    'allow-conversation',
    'deny',
    'always-allow-tool',
    'always-deny-tool',
  ];
  if (decision.trust.trusted) offered.splice(4, 0, 'always-allow-server');
  return offered;
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch (error) {
    return `(arguments could not be shown: ${(error as Error).message})`;
  }
}

function scanArguments(value: unknown): TextScan & { text: string } {
  const text = toJson(value);
  return { text, ...scanText(text) };
}

/**
 * Builds the dialog payload for a call the gate could not decide alone. "Always allow when…" (an
 * allow rule on these arguments, a path's folder) is offered only for a trusted server: a rule on
 * arguments decides whether Lena asks, it does not contain a server that ignores them.
 */
export function buildPrompt(
  request: ToolCallRequest,
  decision: GateDecision,
  home = homedir(),
  sandbox?: string | null,
): PermissionPrompt {
  const { tool } = request;
  const text = tool.description ?? '';
  const title = tool.title ?? tool.annotations?.title;
  const offered = offeredDecisions(decision);
  const whenRule =
    decision.trust.trusted && offered.includes('always-allow-tool')
      ? suggestWhenRule(request.qualifiedName, request.arguments, tool.inputSchema, home)
      : null;
  if (whenRule) offered.splice(offered.indexOf('always-allow-tool'), 0, 'always-allow-when');
  const needsConfirmation = offered.filter(
    (kind) =>
      kind === 'always-allow-server' ||
      (kind === 'always-allow-tool' &&
        alwaysAllowNeedsConfirmation(tool.annotations, decision.trust.trusted)),
  );
  return {
    conversationId: request.conversationId,
    ...(request.toolUseId !== undefined ? { toolUseId: request.toolUseId } : {}),
    serverName: request.serverName,
    toolName: request.toolName,
    qualifiedName: request.qualifiedName,
    ...(title !== undefined ? { title: scanText(title).marked } : {}),
    description: { text, ...scanText(text) },
    arguments: request.arguments,
    argumentsText: scanArguments(request.arguments),
    hints: hintsView(tool.annotations, decision.trust.trusted),
    serverTrusted: decision.trust.trusted,
    ...(decision.trust.note ? { trustNote: decision.trust.note } : {}),
    destructive: decision.destructive,
    rule: decision.decidedBy,
    suspended: decision.rule.suspended,
    ...(decision.held ? { held: decision.held } : {}),
    offered,
    whenRule,
    needsConfirmation,
    ...(request.origin ? { origin: request.origin } : {}),
    ...(sandbox ? { sandbox } : {}),
  };
}
