// A configured server's first state (the manager's own; the host's view adds trust, tokens, approval).
import type { ConfiguredServer, ServerEntry } from '../../../../shared/server-config';
import type { ServerState } from '../../../../shared/server-types';
import { redactArgs, redactUrl } from '../../base/credentials';

const MASK = '••••••';

/**
 * The entry with env and header values masked (names stay visible, values never leave core), and
 * credential-looking arguments and URL query values redacted.
 */
export function maskEntry(entry: ServerEntry | undefined): ServerEntry | null {
  if (!entry) return null;
  const masked: ServerEntry = { ...entry };
  if (entry.args) masked.args = redactArgs(entry.args);
  if (entry.url !== undefined) masked.url = redactUrl(entry.url);
  if (entry.env) masked.env = Object.fromEntries(Object.keys(entry.env).map((k) => [k, MASK]));
  if (entry.headers)
    masked.headers = Object.fromEntries(Object.keys(entry.headers).map((k) => [k, MASK]));
  return masked;
}

export function initialStatus(configured: ConfiguredServer): ServerState {
  return {
    name: configured.name,
    status: configured.disabled ? 'disabled' : 'connecting',
    scope: configured.scope,
    file: configured.file,
    shadowed: configured.shadowed,
    transport: configured.transport ?? null,
    entry: maskEntry(configured.entry),
    serverInfo: null,
    protocolVersion: null,
    instructions: null,
    toolCount: 0,
    resourceCount: 0,
    promptCount: 0,
    error: null,
    issues: configured.issues,
    stderrTail: '',
    startedAt: null,
    connectMs: null,
    restarts: 0,
  };
}
