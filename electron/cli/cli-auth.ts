// The command line's side of OAuth: the token store every command's runtime reads (never opening
// a browser), what `lena mcp list` says of a server's sign-in, and the browser-or-paste host of
// `lena mcp login` and `lena agents login`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

/** Best effort: the platform's URL opener, detached; false when it could not start. */
function launchBrowser(url: string): Promise<boolean> {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

/**
 * The first non-empty line typed on stdin; never resolves when stdin ends (the redirect may still
 * come), and stops reading once the sign-in got its answer elsewhere.
 */
function readPasted(signal: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, terminal: false });
    // Login is the whole command: once answered, stdin is let go, or it would keep Lena running.
    const stop = () => {
      rl.close();
      process.stdin.destroy();
    };
    signal.addEventListener('abort', stop, { once: true });
    rl.on('line', (line) => {
      if (!line.trim()) return;
      stop();
      resolve(line);
    });
  });
}

/**
 * The sign-in host of a login command: prints the authorization URL (and opens a browser unless
 * `noBrowser`), then waits for the loopback redirect or for what the user pastes.
 */
export function browserSignInHost(ctx: CliContext, name: string, noBrowser: boolean): SignInHost {
  return {
    interactive: true,
    open: async (url) => {
      // The URL goes to stderr with --json, so stdout stays one JSON object.
      ctx.out.info(`Open this URL in your browser to sign in to ${name}:\n  ${url.href}`);
      if (!noBrowser && !(await launchBrowser(url.href)))
        ctx.out.info('(No browser could be launched here; open the URL yourself.)');
      ctx.out.info(
        'Waiting for the browser to come back to Lena… If it cannot (a browser on another machine), paste the address it ends on, or the code it shows, here and press Enter:',
      );
    },
    paste: readPasted,
  };
}
