// Runs the built command line (out/cli/lena.js) under a temporary Lena home, for CLI tests.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const CLI = join(ROOT, 'out/cli/lena.js');

/** Builds out/cli/lena.js from the current sources (the tests run what ships). */
export function buildCli(): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
}

/** `lena …` with `home` as HOME and LENA_HOME and the Messages API at `apiUrl`; never rejects. */
export function runLena(
  home: string,
  apiUrl: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH!,
    HOME: home,
    LENA_HOME: home,
    ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
    ANTHROPIC_BASE_URL: apiUrl,
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: home, env, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

/**
 * Runs `lena ARGS` with `env`; with `openPrintedUrl`, opens the authorization URL it prints (a
 * fetch that follows the redirects to Lena's loopback callback), as the user would. Never
 * spawnSync: the authorization server lives in the test's process and must keep answering.
 */
export function runLenaSigningIn(
  env: NodeJS.ProcessEnv,
  args: string[],
  openPrintedUrl = true,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, ...(cwd ? { cwd } : {}) });
    let stdout = '';
    let stderr = '';
    let opened = false;
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      const url = /^\s+(http\S+)$/m.exec(stdout)?.[1];
      if (openPrintedUrl && url && !opened) {
        opened = true;
        void fetch(url, { redirect: 'follow' }).then((r) => r.text());
      }
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
