// The command line's side of OAuth outside login/logout: the token store every command's runtime
// reads (never opening a browser), and what `lena mcp list` says of a server's sign-in.
import type { SignInHost } from '../core/mcp/auth/provider';
import { FileAuthStore, signInsFor } from '../core/mcp/auth/token-files';
import { serverKey } from '../core/mcp/config/identity';
import type { ConfiguredServer, ServerEntry } from '../../shared/server-config';
import { cliSecrets } from './cli-secrets';
import type { CliContext } from './context';
import type { LenaPaths } from '../core/home';

/** "signed in (window)", "signed in as ana@example.com (keychain)", or null: for `lena mcp list`. */
export async function signInNote(
  ctx: CliContext,
  server: ConfiguredServer & { entry: ServerEntry },
): Promise<string | null> {
  const identity = serverKey(server.name, server.entry, server);
  const found = await signInsFor(ctx.paths.oauth, identity).catch(() => []);
  if (found.length === 0) return null;
  const account = found.find((f) => f.account)?.account;
  return `signed in${account ? ` as ${account}` : ''} (${found.map((f) => f.store).join(', ')})`;
}

/** The runtime's auth options for commands other than login: stored tokens, no browser. */
export async function cliAuthOptions(
  paths: LenaPaths,
): Promise<{ store: FileAuthStore; host: SignInHost }> {
  const secrets = await cliSecrets(paths);
  const store = new FileAuthStore(paths.oauth, secrets.port, secrets.store);
  return { store, host: { interactive: false, open: async () => undefined } };
}
