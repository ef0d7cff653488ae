// The steps of one start of a server that decide by themselves, apart from the session's state:
// expanding its entry (or saying, as a status, why it cannot start), recording its process group
// as soon as it exists, and what the status says once connected or after a sign-in problem.
import type { ConfiguredServer } from '../../../../shared/server-config';
import type { ServerState } from '../../../../shared/server-types';
import { errorInfo, ERROR_CODE } from '../../../../shared/result';
import type { SecretInput } from '../../base/redact';
import { findAuthError, SignInRequiredError } from '../auth/types';
import { createClientFeatures } from '../client-features/index';
import type { ClientOptions, Era, McpClient } from '../client';
import { join } from 'node:path';
import type { ServerEntry } from '../../../../shared/server-config';
import { resolveLenaHome } from '../../home';
import { resolveBundleLaunch } from '../config/bundle-launch';
import { expandEntry, type LaunchSpec } from '../config/expand';
import { projectEntryRefusal } from '../config/project-entry-policy';
import { dirOf, isRemoteLaunch, proxyCredentials, sensitiveValues } from './session-helpers';
import type { ManagedTransport, ProcessRecorder, SessionDeps } from './types';

export type StartPlan =
  | { ok: true; launch: LaunchSpec; sensitive: SecretInput[] }
  | { ok: false; patch: Partial<ServerState> };

/**
 * The launch of `configured` with every `${…}` expanded and the values that must never be shown;
 * or the status it holds instead (invalid entry, a missing reference, a grant not given).
 */
export async function planStart(
  configured: ConfiguredServer,
  deps: Pick<SessionDeps, 'env' | 'secrets' | 'extensionsDir'>,
  grants: readonly string[],
  unsandboxed = false,
): Promise<StartPlan> {
  const entry = configured.entry;
  if (!entry || configured.issues.length > 0) {
    const message = configured.issues[0]?.message ?? 'invalid configuration';
    return {
      ok: false,
      patch: {
        status: 'failed',
        error: {
          ...errorInfo(ERROR_CODE.invalidConfig, message),
          hint: 'Fix the entry in the configuration file.',
        },
      },
    };
  }
  const bundle = entry.bundle === undefined ? undefined : await bundlePlan(configured, deps);
  if (bundle && !bundle.ok) return bundle;
  const expanded = await expandEntry(bundle ? bundle.entry : entry, {
    ...(bundle ? { literal: true } : {}),
    env: deps.env,
    secrets: deps.secrets,
    baseDir: dirOf(configured.file),
    // A project entry expands only what the user granted it; a user entry is the user's own. A
    // project server runs in the project's folder (its sandbox's writable folder) unless its entry
    // names another, so `"args": ["./server.js"]` means the project's file, as in Claude Code.
    ...(configured.scope === 'project'
      ? { grants, defaultCwd: dirOf(configured.file), unsandboxed }
      : {}),
  });
  if (!expanded.ok) {
    const status =
      expanded.reason === 'invalid'
        ? 'failed'
        : expanded.reason === 'not-granted'
          ? 'needs-approval'
          : 'skipped';
    const code =
      expanded.reason === 'invalid' || expanded.reason === 'api-key'
        ? 'invalid-config'
        : expanded.reason === 'not-granted'
          ? 'needs-approval'
          : 'missing-reference';
    return { ok: false, patch: { status, error: errorInfo(code, expanded.message) } };
  }
  const launch =
    bundle?.nodeBundle && expanded.launch.transport === 'stdio'
      ? { ...expanded.launch, nodeBundle: true as const }
      : expanded.launch;
  return {
    ok: true,
    launch,
    sensitive: [
      ...sensitiveValues(entry, launch),
      ...(bundle ? bundle.sensitive.map((value) => ({ value, short: true })) : []),
      ...proxyCredentials(deps.env),
    ],
  };
}

/**
 * An installed bundle's entry resolved from its manifest; a project entry may not start one (the
 * project-entry table refuses `bundle`), and a missing setting or secret skips the server.
 */
async function bundlePlan(
  configured: ConfiguredServer,
  deps: Pick<SessionDeps, 'env' | 'secrets' | 'extensionsDir'>,
): Promise<
  | { ok: true; entry: ServerEntry; sensitive: string[]; nodeBundle: boolean }
  | { ok: false; patch: Partial<ServerState> }
> {
  const entry = configured.entry!;
  const refusal = configured.scope === 'project' ? projectEntryRefusal(entry) : undefined;
  const resolved = refusal
    ? ({ ok: false, reason: 'invalid', message: refusal } as const)
    : await resolveBundleLaunch(entry, {
        extensionsDir: deps.extensionsDir ?? join(resolveLenaHome(deps.env), 'extensions'),
        secrets: deps.secrets,
        env: deps.env,
      });
  if (resolved.ok) return resolved;
  const failed = resolved.reason === 'invalid';
  return {
    ok: false,
    patch: {
      status: failed ? 'failed' : 'skipped',
      error: errorInfo(
        failed ? ERROR_CODE.invalidConfig : ERROR_CODE.missingReference,
        resolved.message,
      ),
    },
  };
}

/** The failed status a sign-in problem in `err` leaves, waiting for the user; undefined if none. */
export function signInFailure(err: unknown): Partial<ServerState> | undefined {
  const authError = findAuthError(err);
  if (!authError) return undefined;
  const required = authError instanceof SignInRequiredError;
  return {
    status: 'failed',
    error: {
      ...errorInfo(required ? 'sign-in-required' : 'sign-in-failed', authError.message),
      ...(authError.hint ? { hint: authError.hint } : {}),
    },
    signIn: { state: required ? 'required' : 'failed', step: authError.step },
  };
}

/**
 * The client's options for one start: the launch's timeouts and protocol, the era the server
 * spoke last time (`prior`), a new process for a stdio server that exits on the 2026 probe, and
 * what the front end lets the server ask.
 */
export function clientOptions(
  name: string,
  launch: LaunchSpec,
  deps: Pick<SessionDeps, 'clientInfo' | 'features' | 'logLevel'>,
  prior: Era | undefined,
  session: { respawn: () => Promise<ManagedTransport>; note: (line: string) => void },
): ClientOptions {
  return {
    requestTimeoutMs: launch.requestTimeoutMs,
    clientInfo: deps.clientInfo,
    protocol: launch.protocol,
    prior,
    respawn: launch.transport === 'stdio' ? session.respawn : undefined,
    features: deps.features
      ? createClientFeatures(name, deps.features, {
          remote: isRemoteLaunch(launch),
          note: session.note,
        })
      : undefined,
    logLevel: deps.logLevel?.(name) ?? 'info',
  };
}

/** What a connected client says of its server, as its status shows it. */
export function describedBy(
  client: Pick<McpClient, 'serverInfo' | 'protocolVersion' | 'instructions'>,
): Pick<ServerState, 'serverInfo' | 'protocolVersion' | 'instructions'> {
  return {
    serverInfo: client.serverInfo ?? null,
    protocolVersion: client.protocolVersion ?? null,
    instructions: client.instructions ?? null,
  };
}

/** The sign-in a connected remote server's status shows (null: none needed or none made). */
export function signedInStatus(
  signedIn: { signedIn: boolean; account?: string } | undefined,
): ServerState['signIn'] {
  return signedIn?.signedIn
    ? { state: 'signed-in', ...(signedIn.account ? { account: signedIn.account } : {}) }
    : null;
}

/**
 * Records the process group as soon as the process exists, not once it answers: a server that
 * hangs in initialize and outlives a crash of Lena must still be found and ended next time.
 */
export function recordOnSpawn(
  transport: ManagedTransport,
  processes: ProcessRecorder | undefined,
  name: string,
  launch: LaunchSpec,
  started: number,
): void {
  if (!processes) return;
  const command = launch.transport === 'stdio' ? launch.command : launch.url;
  const start = transport.start.bind(transport);
  transport.start = async (callbacks) => {
    await start(callbacks);
    if (transport.pid && transport.pgid) {
      await processes.add({
        name,
        pid: transport.pid,
        pgid: transport.pgid,
        startedAt: transport.startedAt ?? started,
        command,
      });
    }
  };
}
