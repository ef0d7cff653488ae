// Small pure helpers of ServerSession: what to redact, how to word a failure, the start deadline.
import type { ServerEntry } from '../../../../shared/server-config';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { nameSaysSecret } from '../../base/credentials';
import { redact, type SecretInput } from '../../base/redact';
import type { ServerState } from '../../../../shared/server-types';
import type { LaunchSpec } from '../config/expand';
import { isThisComputer } from '../../../../shared/open-url';

/**
 * Values that came from the environment or the secret store, or that configure credentials. A
 * short value (under 6 characters) is redacted, as a whole token only, when it came from
 * `${secret:…}` or sits under a credential's name (`API_TOKEN`, `Authorization`): redacting every
 * short value would turn `LOG_LEVEL=info` into holes in every stderr line.
 */
export function sensitiveValues(entry: ServerEntry, launch: LaunchSpec): SecretInput[] {
  const values: SecretInput[] = [];
  const fromSecret = (template: string | undefined) => String(template ?? '').includes('${secret:');
  const expanded = (template: string | undefined, value: string) => {
    if (String(template ?? '').includes('${')) values.push({ value, short: fromSecret(template) });
  };
  const configured = (
    templates: Record<string, string> | undefined,
    expandedValues: Record<string, string>,
  ) => {
    for (const [name, value] of Object.entries(expandedValues))
      values.push({ value, short: nameSaysSecret(name) || fromSecret(templates?.[name]) });
  };
  if (launch.transport === 'stdio') {
    configured(entry.env, launch.env);
    launch.args.forEach((arg, i) => expanded(entry.args?.[i], arg));
  } else {
    configured(entry.headers, launch.headers);
    expanded(entry.url, launch.url);
  }
  return values;
}

/** Passwords in proxy variables (http://user:pass@proxy) the server inherits: never shown. */
export function proxyCredentials(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value || !/^(https?|all|no)_proxy$/i.test(name)) continue;
    try {
      const url = new URL(value);
      if (url.password) out.push(url.password, decodeURIComponent(url.password));
    } catch {
      // not a URL: nothing to hide
    }
  }
  return [...new Set(out)];
}

export function dirOf(file: string): string {
  const i = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return i > 0 ? file.slice(0, i) : '.';
}

/**
 * The status line names the failure only: the command is shown beside it and the stderr tail one
 * click away, so both are cut from the transport's long form of the message.
 */
export function tidyReason(message: string, description: string | undefined): string {
  let out =
    description && message.startsWith(`${description}: `)
      ? message.slice(description.length + 2)
      : message;
  out = out.replace(/; last stderr: [\s\S]*$/, '');
  return out.charAt(0).toUpperCase() + out.slice(1);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The whole start (spawn, initialize, listings) is bounded by startupTimeout. */
export async function withDeadline<T>(
  work: Promise<T>,
  timeoutMs: number,
  started: number,
  now: () => number,
): Promise<T> {
  const remaining = Math.max(1, timeoutMs - (now() - started));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new LenaError(
            ERROR_CODE.startTimeout,
            `start timed out after ${Math.round(timeoutMs / 1000)} s (spawn, initialize and first listings)`,
          ),
        ),
      remaining,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A remote server: reached over HTTP at a host that is not this computer (what it may link to depends on it). */
export function isRemoteLaunch(launch: LaunchSpec): boolean {
  if (launch.transport === 'stdio') return false;
  try {
    return !isThisComputer(new URL(launch.url).hostname);
  } catch {
    return true;
  }
}

/** Server log levels shown on the status as an alert (the Logs tab has every message). */
export const SEVERE = new Set(['warning', 'error', 'critical', 'alert', 'emergency']);

/** A log message's data as one line of at most 500 characters. */
export const logLine = (data: unknown): string =>
  (typeof data === 'string' ? data : (JSON.stringify(data) ?? '')).slice(0, 500);

/**
 * `patch` with the server's secrets cut from its texts. Status goes to the window and the logs:
 * expanded secrets and credential-looking values (a `--token X` in a failed command line) go.
 */
export function redactedPatch(
  patch: Partial<ServerState>,
  sensitive: readonly SecretInput[],
): Partial<ServerState> {
  if (patch.error)
    patch = {
      ...patch,
      error: { ...patch.error, message: redact(patch.error.message, sensitive) },
    };
  if (patch.stderrTail) patch = { ...patch, stderrTail: redact(patch.stderrTail, sensitive) };
  return patch;
}
