// Runs the bundled `lena` as a user would: a child process of plain Node, a temporary LENA_HOME,
// a bare environment (PATH and HOME only, plus what a test adds).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const CLI = join(ROOT, 'out/cli/lena.js');
export const SERVERS = join(ROOT, 'node_modules/@modelcontextprotocol');
export const FIXTURES = join(ROOT, 'test/fixtures');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the command printed
}

/** Bundles the command line to out/cli/lena.js (the same build `npm run build` makes). */
export function buildCli(): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
}

export function tempHome(prefix = 'lena-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

function result(code: number | null, stdout: string, stderr: string): CliRun {
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

function environment(home: string, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH!, HOME: home, LENA_HOME: home, ...env };
}

/** Runs `lena ARGS…` to the end (at most 60 s). */
export function lenaSync(
  home: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    input: options.input,
    env: environment(home, options.env ?? {}),
  });
  return result(r.status, r.stdout, r.stderr);
}

/** Runs `lena ARGS…` without blocking this process (for servers living in the test). */
export function lena(
  home: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: environment(home, options.env ?? {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done(result(code, stdout, stderr));
    });
  });
}
