// Converts the gate's data into what crosses to the window (`shared/permission-types.ts`):
// the dialog payload, the decision event, and the rules list of the settings screen.
import type {
  FlaggedText,
  PermissionRequestView,
  PermissionRuleView,
} from '../../../shared/permission-types';
import type { ProjectApprovalView } from '../../../shared/server-types';
import type { AskResolved } from '../../../shared/asks';
import type { PendingRequest, ResolvedEvent } from './broker';
import { scanText, type TextScan } from '../../../shared/invisible';
import type { ApprovalRequest } from './approval-request';
import { compileRules, suspensionOf } from './rules';
import { ruleMatchWords } from './rule-words';
import type { DefinitionChange, PermissionLists, PermissionState, ServerIdentity } from './types';

const NAMES: Record<string, string> = {
  'U+00AD': 'soft hyphen',
  'U+180E': 'Mongolian vowel separator',
  'U+200B': 'zero-width space',
  'U+200C': 'zero-width non-joiner',
  'U+200D': 'zero-width joiner',
  'U+200E': 'left-to-right mark',
  'U+200F': 'right-to-left mark',
  'U+2060': 'word joiner',
  'U+2061': 'invisible function application',
  'U+2062': 'invisible times',
  'U+2063': 'invisible separator',
  'U+2064': 'invisible plus',
  'U+FEFF': 'zero-width no-break space',
  'U+202A': 'left-to-right embedding',
  'U+202B': 'right-to-left embedding',
  'U+202C': 'pop directional formatting',
  'U+202D': 'left-to-right override',
  'U+202E': 'right-to-left override',
  'U+2066': 'left-to-right isolate',
  'U+2067': 'right-to-left isolate',
  'U+2068': 'first strong isolate',
  'U+2069': 'pop directional isolate',
  'U+034F': 'combining grapheme joiner',
  'U+115F': 'Hangul choseong filler',
  'U+1160': 'Hangul jungseong filler',
  'U+3164': 'Hangul filler',
  'U+FFA0': 'halfwidth Hangul filler',
};

const nameOf = (code: string) =>
  NAMES[code] ?? (/^U\+(FE0|E01)/.test(code) ? 'variation selector' : 'invisible character');

/** Each finding with a label a user can read; instruction-like phrases become `phrase` findings. */
export function findingsView(scan: TextScan, original: string): FlaggedText[] {
  const chars = scan.findings.map((f): FlaggedText => {
    const label =
      f.category === 'ansi'
        ? `ANSI escape sequence ${f.code}`
        : f.category === 'tag'
          ? `tag characters spelling "${f.hidden ?? ''}"`
          : f.category === 'control'
            ? `control character ${f.code}`
            : `${nameOf(f.code)} (${f.code})`;
    return { index: f.index, codePoint: f.code, category: f.category, label };
  });
  const phrases = scan.suspicious.map((phrase): FlaggedText => ({
    index: original.indexOf(phrase),
    codePoint: '',
    category: 'phrase',
    label: `instruction-like phrase: "${phrase}"`,
  }));
  return [...chars, ...phrases];
}

const json = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

/** One line per changed field, complete, hidden characters marked (the user judges the change from it). */
export function changeLines(diff: readonly DefinitionChange[]): string[] {
  return diff.map((change) => scanText(changeLine(change)).marked);
}

function changeLine(change: DefinitionChange): string {
  if (change.field === 'description' || change.field === 'title' || change.field === 'name') {
    return `${change.field}: ${json(change.before)} → ${json(change.after)}`;
  }
  if (change.field === 'view') return viewChangeLine(change.before, change.after);
  const what = change.field === 'inputSchema' ? 'input schema' : 'annotations';
  return `${what} changed: ${json(change.before)} → ${json(change.after)}`;
}

type PinnedView =
  { resourceUri?: string | null; visibility?: string[]; viewHash?: string | null } | undefined;

/** MCP Apps: what changed of a tool's view, in words (the HTML is not shown; its hash is what is pinned). */
function viewChangeLine(beforeValue: unknown, afterValue: unknown): string {
  const before = beforeValue as PinnedView;
  const after = afterValue as PinnedView;
  const parts: string[] = [];
  if (before?.resourceUri !== after?.resourceUri)
    parts.push(
      `its address ${json(before?.resourceUri ?? undefined)} → ${json(after?.resourceUri ?? undefined)}`,
    );
  if (json(before?.visibility) !== json(after?.visibility))
    parts.push(`who may use it ${json(before?.visibility)} → ${json(after?.visibility)}`);
  if (before?.viewHash !== after?.viewHash)
    parts.push(
      after?.viewHash
        ? "the view's HTML or its network permissions (CSP)"
        : 'the view could not be read',
    );
  return `view changed: ${parts.join('; ') || 'its declaration'}`;
}

/** The dialog payload the window receives (`asks:requested`, `asks:pending`). */
export function requestView(pending: PendingRequest): PermissionRequestView {
  const hints = pending.hints;
  return {
    id: pending.id,
    conversationId: pending.conversationId,
    toolUseId: pending.toolUseId ?? '',
    server: pending.serverName,
    tool: pending.toolName,
    qualifiedName: pending.qualifiedName,
    title: pending.title ?? null,
    description: pending.description.marked,
    descriptionFindings: findingsView(pending.description, pending.description.text),
    argumentsText: pending.argumentsText.marked,
    argumentFindings: findingsView(pending.argumentsText, pending.argumentsText.text),
    hints: {
      ...(hints.readOnly.value !== undefined ? { readOnlyHint: hints.readOnly.value } : {}),
      ...(hints.destructive.value !== undefined
        ? { destructiveHint: hints.destructive.value }
        : {}),
      ...(hints.idempotent.value !== undefined ? { idempotentHint: hints.idempotent.value } : {}),
      ...(hints.openWorld.value !== undefined ? { openWorldHint: hints.openWorld.value } : {}),
    },
    hintsTrusted: pending.serverTrusted,
    destructive: pending.destructive,
    rule: [
      pending.rule,
      ...(pending.trustNote && !pending.rule.includes(pending.trustNote)
        ? [pending.trustNote]
        : []),
    ].join('; '),
    held: pending.held
      ? { reason: pending.held.reason, changes: changeLines(pending.held.diff) }
      : null,
    offered: pending.offered,
    whenRule: pending.whenRule,
    needsConfirmation: pending.needsConfirmation,
    ...(pending.origin ? { origin: pending.origin } : {}),
    sandbox: pending.sandbox ?? null,
    createdAt: Date.parse(pending.requestedAt),
    position: pending.position,
    queueLength: pending.queueLength,
  };
}

/** The `asks:resolved` event: the answer given, or why there was none. */
export function resolvedView(event: ResolvedEvent): AskResolved {
  return { id: event.id, kind: event.kind, decision: event.decision, by: event.by };
}

/**
 * The rules list of the settings screen, with the original server and tool names beside each rule
 * and whether it is suspended for the server as configured now (`identities` by configured name).
 */
export function ruleViews(
  state: PermissionState,
  project: Partial<PermissionLists>,
  identities: ReadonlyMap<string, ServerIdentity>,
): PermissionRuleView[] {
  const rules = [
    ...compileRules('user', state.permissions).rules,
    ...compileRules('project', project).rules,
  ];
  return rules.map((rule) => {
    const parsedServer = 'server' in rule.parsed ? rule.parsed.server : null;
    const server = rule.entry.server ?? parsedServer;
    const current = server === null ? undefined : identities.get(server);
    return {
      list: rule.list,
      rule: rule.entry.rule,
      args: rule.entry.args ?? null,
      matches: ruleMatchWords(rule.parsed),
      scope: rule.scope === 'project' ? 'project' : 'user',
      server,
      tool: rule.entry.tool ?? (rule.parsed.kind === 'tool' ? rule.parsed.tool : null),
      suspended: current !== undefined && suspensionOf(rule, current) !== undefined,
    };
  });
}

/** The approval request of a `needs-approval` server, as its status carries it. */
export function approvalView(request: ApprovalRequest): ProjectApprovalView {
  return {
    name: request.name,
    command: request.command ?? null,
    args: request.args,
    cwd: request.cwd ?? null,
    envNames: request.envNames,
    url: request.url ?? null,
    headerNames: request.headerNames,
    risks: request.risks.map((risk) => ({
      pattern: risk.kind,
      message: `${risk.where}: ${risk.message}`,
    })),
    entryHash: request.entryHash,
    argFields: request.argFields,
    env: request.env,
    headers: request.headers,
    urlField: request.urlField ?? null,
    oauth: request.oauth,
    options: request.options,
    ignored: request.ignored,
    references: request.references,
    sandbox: request.sandbox,
  };
}
