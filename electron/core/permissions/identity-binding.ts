// Whether a stored trust or allow rule still binds a server, and the one-time move of records
// written before identity v2 (issue 12 item 5). A v1 record names only command, args, cwd and
// URL; it is re-bound silently when today's entry has that same v1 identity and is the kind of
// entry it can have been written for. A project entry never takes over a user server's trust,
// and takes over a Lena-written rule only when it shadows no user entry of the same name.
import { isLegacyIdentity } from '../mcp/config/identity';
import { sanitizeNamePart } from '../mcp/registry/names';
import { parseRule } from './rules';
import type { PermissionState, RuleEntry, ServerIdentity } from './types';

type RecordKind = 'trust' | 'rule';

function legacyMatches(recorded: string, identity: ServerIdentity, kind: RecordKind): boolean {
  if (!isLegacyIdentity(recorded) || identity.legacyHash !== recorded) return false;
  if (identity.source !== 'project') return true;
  return kind === 'rule' && identity.shadowsUser !== true;
}

/** True when the recorded identity is this server as configured now (v2 exact, or a v1 record it may inherit). */
export function boundTo(recorded: string, identity: ServerIdentity, kind: RecordKind): boolean {
  return recorded === identity.hash || legacyMatches(recorded, identity, kind);
}

/** The configured server an allow rule was written for, among `identities`. */
function ruleServer(
  entry: RuleEntry,
  identities: readonly ServerIdentity[],
): ServerIdentity | undefined {
  if (entry.server !== undefined) return identities.find((i) => i.name === entry.server);
  const parsed = parseRule(entry.rule);
  if (!parsed || !('server' in parsed)) return undefined;
  return identities.find((i) => sanitizeNamePart(i.name) === parsed.server);
}

/** Whether `rebindLegacy` would change anything (cheap: no copy). */
export function hasLegacyFor(
  state: PermissionState,
  identities: readonly ServerIdentity[],
): boolean {
  const trusted = identities.some(
    (i) =>
      Object.hasOwn(state.trusted, i.name) &&
      legacyMatches(state.trusted[i.name].identity, i, 'trust'),
  );
  return (
    trusted ||
    state.permissions.allow.some((e) => {
      const server = e.identity !== undefined ? ruleServer(e, identities) : undefined;
      return server !== undefined && legacyMatches(e.identity!, server, 'rule');
    })
  );
}

/** Rewrites the v1 records that match today's entries to their v2 identities; everything else is kept as it was. */
export function rebindLegacy(
  state: PermissionState,
  identities: readonly ServerIdentity[],
): PermissionState {
  const trusted: PermissionState['trusted'] = {};
  for (const [name, record] of Object.entries(state.trusted)) {
    const current = identities.find((i) => i.name === name);
    const value =
      current && legacyMatches(record.identity, current, 'trust')
        ? { ...record, identity: current.hash }
        : record;
    Object.defineProperty(trusted, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const allow = state.permissions.allow.map((entry) => {
    if (entry.identity === undefined) return entry;
    const server = ruleServer(entry, identities);
    return server && legacyMatches(entry.identity, server, 'rule')
      ? { ...entry, identity: server.hash }
      : entry;
  });
  return { ...state, trusted, permissions: { ...state.permissions, allow } };
}
