// PATH as the user's login shell sets it. An app started from the Dock or a desktop launcher gets a
// bare PATH (/usr/bin:/bin), so `npx` or `uvx` from Homebrew, nvm or ~/.local would not be found.
// shell-env runs the login shell once; it is loaded only when needed, and its answer is cached.

const SHELL_TIMEOUT_MS = 5_000;
let cached: Promise<string | undefined> | undefined;

/** True when Lena runs as a desktop app started outside a terminal (no TTY, no TERM). */
export function launchedFromDesktop(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    process.platform !== 'win32' &&
    Boolean(process.versions.electron) &&
    !env.TERM &&
    !process.stdout.isTTY
  );
}

/** The login shell's PATH, or undefined when it cannot be read in time (then keep process.env.PATH). */
export function loginShellPath(): Promise<string | undefined> {
  cached ??= (async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const { shellEnv } = await import('shell-env');
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), SHELL_TIMEOUT_MS);
        timer.unref();
      });
      const env = await Promise.race([shellEnv(), timeout]);
      return env?.PATH || undefined;
    } catch {
      return undefined;
    } finally {
      if (timer) clearTimeout(timer);
    }
  })();
  return cached;
}

/** process.env for a server to start from: PATH from the login shell where `mode` asks for it. */
export async function baseEnvironment(mode: 'login-shell' | 'process'): Promise<NodeJS.ProcessEnv> {
  if (mode === 'process') return process.env;
  const path = await loginShellPath();
  return path ? { ...process.env, PATH: path } : process.env;
}
