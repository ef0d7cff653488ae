// The decisions the dialog can offer, with their labels and keyboard shortcuts.
import type { PermissionDecisionKind } from '../../../shared/permission-types';

export const DECISIONS: Record<PermissionDecisionKind, { label: string; key: string; keyLabel: string }> = {
  'allow-once': { label: 'Allow once', key: 'Enter', keyLabel: 'Enter' },
  'allow-conversation': { label: 'Allow for this chat', key: 'c', keyLabel: 'C' },
  deny: { label: 'Deny', key: 'Escape', keyLabel: 'Esc' },
  'always-allow-tool': { label: 'Always allow this tool', key: 'a', keyLabel: 'A' },
  'always-allow-server': { label: 'Always allow this server', key: 's', keyLabel: 'S' },
  'always-deny-tool': { label: 'Always deny this tool', key: 'd', keyLabel: 'D' },
};

/** Core lists the answers it accepts only with `confirmed: true`; the dialog asks "Are you sure?" for them. */
export const needsConfirmation = (decision: PermissionDecisionKind, request: { needsConfirmation: readonly PermissionDecisionKind[] }): boolean =>
  request.needsConfirmation.includes(decision);
