// Runs the built command line (out/cli/lena.js) under a temporary Lena home, for CLI tests.
import { execFile, spawnSync } from 'node:child_process';
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
