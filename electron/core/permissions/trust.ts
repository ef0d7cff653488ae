// Trusted servers and tool hints. The spec says annotations are untrusted unless the server is
// trusted; trust lives in the user scope only and is bound to the entry the user trusted: its
// whole launch entry and its scope, so a project entry never inherits a user server's trust.
import { boundTo } from './identity-binding';
import { rebindServerRules } from './rules';
import type { PermissionState, ServerIdentity, ToolAnnotationsLike } from './types';

export interface TrustStatus {
  trusted: boolean;
  /** Why a server the user trusted is not trusted now ("trust suspended: server entry changed"). */
  note?: string;
}

/** Trusted only when the user trusted this exact entry (name and launch-entry hash). */
export function trustStatus(state: PermissionState, identity: ServerIdentity): TrustStatus {
  const entry = Object.hasOwn(state.trusted, identity.name)
    ? state.trusted[identity.name]
    : undefined;
  if (!entry) return { trusted: false };
  if (boundTo(entry.identity, identity, 'trust')) return { trusted: true };
  return {
    trusted: false,
    note:
      identity.source === 'project'
        ? 'trust suspended: a project entry shadows this server'
        : 'trust suspended: server entry changed',
  };
}

/** Marks the server, as configured now, trusted (user settings only). */
export function trustServer(
  state: PermissionState,
  identity: ServerIdentity,
  now = new Date(),
): PermissionState {
  return {
    ...state,
    trusted: {
      ...state.trusted,
      [identity.name]: { identity: identity.hash, trustedAt: now.toISOString() },
    },
  };
}

export function untrustServer(state: PermissionState, name: string): PermissionState {
  const trusted = { ...state.trusted };
  delete trusted[name];
  return { ...state, trusted };
}

/** The user confirmed a changed server: its trust (if any) and its allow rules follow the new entry. */
export function confirmServer(state: PermissionState, identity: ServerIdentity): PermissionState {
  const trusted = Object.hasOwn(state.trusted, identity.name)
    ? {
        ...state.trusted,
        [identity.name]: { ...state.trusted[identity.name], identity: identity.hash },
      }
    : state.trusted;
  return {
    ...state,
    trusted,
    permissions: rebindServerRules(state.permissions, identity.name, identity.hash),
  };
}

/** One hint as the dialog shows it: the server's claim, and whether it may be believed. */
export interface HintView {
  value: boolean | undefined;
  trusted: boolean;
}

export interface HintsView {
  readOnly: HintView;
  destructive: HintView;
  idempotent: HintView;
  openWorld: HintView;
}

export function hintsView(
  annotations: ToolAnnotationsLike | undefined,
  trusted: boolean,
): HintsView {
  const view = (value: boolean | undefined): HintView => ({
    value: typeof value === 'boolean' ? value : undefined,
    trusted,
  });
  return {
    readOnly: view(annotations?.readOnlyHint),
    destructive: view(annotations?.destructiveHint),
    idempotent: view(annotations?.idempotentHint),
    openWorld: view(annotations?.openWorldHint),
  };
}

/** The spec's default: a tool is destructive unless it says it is read-only (or says destructive). */
export function isDestructive(annotations: ToolAnnotationsLike | undefined): boolean {
  return annotations?.destructiveHint === true || annotations?.readOnlyHint !== true;
}

/**
 * Whether "always allow" needs a second confirmation: destructive tools do, and so do tools whose
 * read-only claim comes from an untrusted server (a hint must not remove a safeguard).
 */
export function alwaysAllowNeedsConfirmation(
  annotations: ToolAnnotationsLike | undefined,
  trusted: boolean,
): boolean {
  return isDestructive(annotations) || !trusted;
}

/** A trusted server's read-only tool may run without a dialog when the user setting is on. */
export function autoApprovesReadOnly(
  state: PermissionState,
  trust: TrustStatus,
  annotations: ToolAnnotationsLike | undefined,
): boolean {
  return state.autoApproveReadOnlyTrusted && trust.trusted && annotations?.readOnlyHint === true;
}
