// "Pre-install" of a sandboxed npx/uvx server, asked for by the user: its runner is run once
// without the sandbox to fill its cache (package-runners.ts says the command), with a deadline;
// then the server's records say so (keyed by its identity, so an edited entry fetches again) and
// it restarts sandboxed, offline, from the cache.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ConfiguredServer } from '../../../../shared/server-config';
import type { Runtime } from '../runtime';
import type { TransportFactory } from '../../mcp/manager/types';
import { entryHash } from '../../mcp/config/identity';
import { preinstallArgv, runnerOf } from '../../mcp/transports/sandbox/package-runners';

const DEADLINE_MS = 180_000;
const TAIL = 2000;

/** What a pre-install ran and what to record. */
export interface Preinstalled {
  at: string;
  runner: 'npx' | 'uvx';
  command: string[];
}

/** `factory` with each stdio launch told when its npx/uvx package was pre-installed (if ever). */
export function withPreinstalled(
  factory: TransportFactory,
  preinstalledAt: (name: string) => string | null,
): TransportFactory {
  return (name, launch, hooks) =>
    factory(
      name,
      launch.transport === 'stdio' ? { ...launch, preinstalledAt: preinstalledAt(name) } : launch,
      hooks,
    );
}

/** Pre-installs server `name`, records it under its identity and restarts it. */
export async function preinstallServer(
  parts: Pick<Runtime, 'manager' | 'settings' | 'settingsKey' | 'approvals'>,
  name: string,
): Promise<void> {
  const configured = parts.manager.session(name)?.configured;
  if (!configured?.entry) throw new LenaError(ERROR_CODE.notFound, `No server named "${name}".`);
  // A project's command runs unsandboxed only once the user approved that exact entry.
  const folder = parts.manager.projectFolder;
  if (
    configured.scope === 'project' &&
    !(folder && (await parts.approvals.isApproved(folder, name, entryHash(configured.entry))))
  )
    throw new LenaError(
      ERROR_CODE.needsApproval,
      `"${name}" is a project server you have not approved; approve it before pre-installing.`,
    );
  const done = await preinstall(configured, process.env);
  await parts.settings.update({
    servers: { [parts.settingsKey(name)]: { preinstalled: { at: done.at, runner: done.runner } } },
  });
  await parts.manager.restart(name);
}

/** Runs the pre-install of `configured` (a sandboxed npx/uvx entry); throws what went wrong. */
export async function preinstall(
  configured: ConfiguredServer,
  env: NodeJS.ProcessEnv,
): Promise<Preinstalled> {
  const entry = configured.entry;
  const runner = entry?.command === undefined ? undefined : runnerOf(entry.command);
  const sandboxed = entry?.sandbox ?? (configured.scope === 'project' ? true : false);
  if (!entry?.command || !runner || sandboxed === false)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `"${configured.name}" is not a sandboxed npx or uvx server, so there is nothing to pre-install.`,
    );
  const literal = (v: string) => !v.includes('${');
  const argv = preinstallArgv(entry.command, entry.args ?? []);
  if (!argv || !argv.every(literal) || !Object.values(entry.env ?? {}).every(literal))
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `Lena cannot tell which package "${configured.name}" runs from its arguments; run it once without the sandbox instead.`,
    );
  const base = dirname(configured.file);
  const cwd = entry.cwd
    ? resolve(base, entry.cwd)
    : configured.scope === 'project'
      ? base
      : process.cwd();
  await run(argv, { cwd, env: { ...env, ...entry.env } });
  return { at: new Date().toISOString(), runner, command: argv };
}

function run(argv: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(argv[0], argv.slice(1), {
      ...opts,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: DEADLINE_MS,
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-TAIL));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) =>
      fail(new LenaError(ERROR_CODE.spawnFailed, `${argv[0]} could not be run: ${e.message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return done();
      const why =
        signal === 'SIGTERM'
          ? `did not finish within ${DEADLINE_MS / 1000} s`
          : `exited with code ${code ?? signal}`;
      fail(
        new LenaError(
          signal === 'SIGTERM' ? ERROR_CODE.timeout : ERROR_CODE.spawnFailed,
          `The pre-install (${argv.join(' ')}) ${why}; the server still fetches when it starts.`,
          output.trim() || undefined,
        ),
      );
    });
  });
}
