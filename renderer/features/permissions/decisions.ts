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

/**
 * "Always allow" choices that need the in-dialog "Are you sure?": for a destructive tool, and for
 * any tool of an untrusted server, whose "read-only" hint core does not rely on either.
 */
export const needsConfirmation = (decision: PermissionDecisionKind, request: { destructive: boolean; hintsTrusted: boolean }): boolean =>
  (request.destructive || !request.hintsTrusted) && (decision === 'always-allow-tool' || decision === 'always-allow-server');
