// The decisions the permission question can offer, with their labels. No decision has a letter
// shortcut: single keys typed while a question appears must never answer it.
import type {
  PermissionDecisionKind,
  PermissionRequestView,
} from '../../../shared/permission-types';

export const DECISIONS: Record<PermissionDecisionKind, { label: string }> = {
  'allow-once': { label: 'Allow once' },
  'allow-conversation': { label: 'Allow for this chat' },
  deny: { label: 'Deny' },
  'always-allow-tool': { label: 'Always allow this tool' },
  'always-allow-when': { label: 'Always allow when…' },
  'always-allow-server': { label: 'Always allow this server' },
  'always-deny-tool': { label: 'Always deny this tool' },
};

/** Answers that allow for good: every one asks "Are you sure?" in the question first. */
const LASTING_ALLOW: readonly PermissionDecisionKind[] = [
  'always-allow-tool',
  'always-allow-server',
];

/** Whether the question asks "Are you sure?" before sending this answer (every lasting allow, and whatever core insists on). */
export const needsConfirmation = (
  decision: PermissionDecisionKind,
  request: { needsConfirmation: readonly PermissionDecisionKind[] },
): boolean => LASTING_ALLOW.includes(decision) || request.needsConfirmation.includes(decision);

/**
 * Whether the "may modify or delete data" warning shows: always, unless a server the user trusts
 * says the tool is read-only (and not destructive). An untrusted server's hint never softens it.
 */
export const mayModifyData = (
  request: Pick<PermissionRequestView, 'destructive' | 'hints' | 'hintsTrusted'>,
): boolean =>
  request.destructive ||
  !(
    request.hintsTrusted &&
    request.hints.readOnlyHint === true &&
    request.hints.destructiveHint !== true
  );
