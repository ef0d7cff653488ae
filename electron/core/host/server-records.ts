// The key of a server's own records: settings.json `servers` (roots, sampling "always", log level,
// tool switches), its sampling tally, its pins and tool baseline. The key is the server's identity
// (mcp/config/identity.ts `serverKey`: scope + a hash of its launch entry, the name a label), so a
// project server named like a user server never reads what the user set for that server, nor what
// was set for another project's entry; an edited entry starts again with nothing, as trust and a
// project approval do. Records earlier versions keyed by bare name are moved once (identity-migration.ts).
import type { McpManager } from '../mcp/manager/manager';
import { serverKey } from '../mcp/config/identity';

/** The key of `name`'s per-server records, as it is configured now (no valid entry: its name). */
export function serverRecordKey(manager: McpManager | undefined, name: string): string {
  const configured = manager?.session(name)?.configured;
  if (!configured?.entry) return name;
  return serverKey(name, configured.entry, { scope: configured.scope, file: configured.file });
}
