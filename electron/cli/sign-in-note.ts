// What `lena mcp list` says of a remote server's sign-in, from the token metadata alone.
import { join } from 'node:path';
import { signInsFor } from '../core/mcp/auth/token-files';
import type { CliContext } from './context';

/** "signed in (window)", "signed in as ana@example.com (keychain)", or null: for `lena mcp list`. */
export async function signInNote(ctx: CliContext, name: string, url: string): Promise<string | null> {
  const found = await signInsFor(join(ctx.paths.home, 'oauth.json'), name, url).catch(() => []);
  if (found.length === 0) return null;
  const account = found.find((f) => f.account)?.account;
  return `signed in${account ? ` as ${account}` : ''} (${found.map((f) => f.store).join(', ')})`;
}
