// What every `lena` subcommand shares: Lena's home, which configuration files apply (--config,
// --project), the output mode, the log (logs/cli.log), and the same runtime as the window and
// `lena chat` (core/host/compose.ts) with servers started only when a command names them.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LogLevel } from '../../shared/app-types';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../core/home';
import { APP_VERSION } from '../core/version';
import type { Runtime, RuntimeOptions } from '../core/host/runtime';
import type { AsksService } from '../core/host/services/asks';
import type { ChatService } from '../core/host/services/chat';
import type { ServersService } from '../core/host/services/servers';
import type { SkillsService } from '../core/skills/service';
import { RotatingLog } from '../core/base/log-file';
import { ConfigLoader, type ConfigSources, type LoadedConfig } from '../core/mcp/config/loader';
import type { ProjectApprovals } from '../core/permissions/project-approval';
import { flag, type ParsedArgs } from './args';
import { checkConfig } from './config-check';
import { UsageError } from './errors';
import { createOutput, redactUrlCredentials, type Output } from './output';
import { projectRules } from './project-settings';

/** The services a command uses: the same classes the window's handlers call. */
export interface CliServices {
  servers: ServersService;
  chat: ChatService;
  /** Permission requests (a broker exists only with `interactive: true`). */
  asks: AsksService;
  /** The skills of the folders and of the connected servers, as the window lists them. */
  skills: SkillsService;
}

export interface CliContext {
  paths: LenaPaths;
  sources: ConfigSources;
  projectDir: string | undefined;
  /** --config FILE, resolved. */
  configFile: string | undefined;
  out: Output;
  log(level: LogLevel, message: string): void;
  /**
   * The configuration as files say (nothing starts). A file that cannot be used throws (exit 3,
   * with file, line, column and the fix); problems of single entries are warned about.
   */
  config(): Promise<LoadedConfig>;
  /**
   * The window's services over the shared runtime, with a lazy manager (the configuration checked
   * as by config()): a command calls their methods and never reaches into their parts.
   */
  services(options?: Partial<RuntimeOptions>): Promise<CliServices>;
  approvals(): Promise<ProjectApprovals>;
  /** Ends what this command started (servers, database); safe to call twice. */
  close(): Promise<void>;
  /** close() was called (Ctrl-C, a closed pipe): a command prints no result after it. */
  readonly closing: boolean;
}

/** How long a server gets after its stdin closes (and again after SIGTERM) once a command is done. */
export const CLI_SHUTDOWN_GRACE_MS = 100;

// Long: builds what a command needs from the flags, in order (home, config, runtime).
export function cliContext(args: ParsedArgs, command: string): CliContext {
  const paths = ensureLenaHome(lenaPaths());
  const config = flag(args, '--config');
  const project = flag(args, '--project');
  const projectDir = project ? resolve(project) : undefined;
  if (projectDir && !existsSync(projectDir))
    throw new UsageError(`--project ${project}: the folder ${projectDir} does not exist`);
  const configFile = config ? resolve(config) : undefined;
  const sources: ConfigSources = configFile
    ? { configFile }
    : { userFile: paths.mcpConfig, projectDir };
  const out = createOutput(args.bools.has('--json'));
  const logFile = new RotatingLog({ dir: paths.logs, name: 'cli.log' });
  const log = (level: LogLevel, message: string) =>
    logFile.write(level, 'cli', redactUrlCredentials(message));
  log('info', `lena ${command} (pid ${process.pid})`);
  // Read once, before any configuration: a broken file stops every command that uses the project.
  let rules: ReturnType<typeof projectRules> | undefined;
  const readRules = () =>
    projectDir ? (rules ??= projectRules(projectDir, out)) : Promise.resolve(undefined);
  let runtime: Promise<Runtime> | undefined;
  let services: Promise<CliServices> | undefined;
  let approvals: Promise<ProjectApprovals> | undefined;
  let closed: Promise<void> | undefined;
  const ctx: CliContext = {
    paths,
    sources,
    projectDir,
    configFile,
    out,
    log,
    async config() {
      await readRules();
      return checkConfig(await new ConfigLoader(sources).load(), out);
    },
    approvals: () =>
      (approvals ??= import('../core/permissions/project-approval').then(({ ProjectApprovals }) =>
        ProjectApprovals.open(paths.approvals),
      )),
    services(options = {}) {
      services ??= (async () => {
        const rt = await startRuntime(options);
        const { commandServices } = await import('../core/host/compose');
        return commandServices(rt, paths);
      })();
      return services;
    },
    get closing() {
      return closed !== undefined;
    },
    close() {
      closed ??= (async () => {
        const rt = await runtime?.catch(() => undefined);
        await rt?.close();
        logFile.close();
      })();
      return closed;
    },
  };
  /** One runtime per command, started at the first services() call (later options are ignored). */
  function startRuntime(options: Partial<RuntimeOptions>): Promise<Runtime> {
    runtime ??= (async () => {
      const project = await readRules();
      // The engine (chat, permissions, OAuth) loads only for a command that starts servers.
      const [{ composeRuntime }, { ProcessRecords }, { CliSecretProvider }, { cliAuthOptions }] =
        await Promise.all([
          import('../core/host/compose'),
          import('../core/base/process-records'),
          import('./user-secrets'),
          import('./cli-auth'),
        ]);
      const rt = await composeRuntime({
        paths,
        sources,
        // `${secret:NAME}`: the CLI's store (lena secrets set), then the environment variable NAME.
        secrets: await CliSecretProvider.open(paths),
        ...(project ? { projectRules: project } : {}),
        interactive: false,
        // One-shot: once the answer is out, close stdin and end each server's group promptly.
        shutdownGraceMs: CLI_SHUTDOWN_GRACE_MS,
        // …and without waiting for it: a detached reaper gives the grace after this process exits.
        endInBackground: true,
        emit: () => undefined,
        // Signed in with `lena mcp login`: the CLI's own token store (keychain or a 0600 file).
        auth: await cliAuthOptions(paths),
        ...options,
        manager: {
          lazy: true,
          autoRestart: false,
          // Recorded like the window's, so a crash of this process leaves no server behind.
          processes: new ProcessRecords(paths.processes, {
            log: (level, message) => log(level, message),
            notice: (message) => out.warn(`lena: ${message}`),
          }),
          clientInfo: { name: 'lena-cli', version: APP_VERSION },
          log: (level, message) => log(level, message),
          ...options.manager,
        },
      });
      for (const notice of rt.notices)
        if (notice.level !== 'info') out.warn(`lena: ${notice.message}`);
      try {
        // The runtime's own start (configuration read, nothing spawned: lazy), before services exist.
        checkConfig(await rt.manager.start(), out);
      } catch (err) {
        await rt.close();
        throw err;
      }
      return rt;
    })();
    return runtime;
  }
  return ctx;
}
