// What every `lena` subcommand shares: Lena's home, which configuration files apply (--config,
// --project), the output mode, and a manager built like the window's (same config, same rules).
import { join, resolve } from 'node:path';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../core/home';
import type { ConfigSources } from '../core/mcp/config/loader';
import { McpManager } from '../core/mcp/manager/manager';
import { defaultTransportFactory } from '../core/mcp/manager/transport-factory';
import { ProjectApprovals } from '../core/permissions/project-approval';
import { flag, type ParsedArgs } from './args';
import { cliAuthRegistry } from './auth-commands';
import { createOutput, type Output } from './output';

export interface CliContext {
  paths: LenaPaths;
  sources: ConfigSources;
  /** The file `add`/`remove` write: --config FILE, else the user file. */
  writeTarget: string;
  projectDir: string | undefined;
  out: Output;
  approvals(): Promise<ProjectApprovals>;
  manager(): Promise<McpManager>;
}

export function cliContext(args: ParsedArgs): CliContext {
  const paths = ensureLenaHome(lenaPaths());
  const config = flag(args, '--config');
  const project = flag(args, '--project');
  const projectDir = project ? resolve(project) : undefined;
  const sources: ConfigSources = config ? { configFile: resolve(config) } : { userFile: paths.mcpConfig, projectDir };
  let approvals: Promise<ProjectApprovals> | undefined;
  const getApprovals = () => (approvals ??= ProjectApprovals.open(join(paths.home, 'approvals.json')));
  return {
    paths,
    sources,
    writeTarget: config ? resolve(config) : paths.mcpConfig,
    projectDir,
    out: createOutput(args.bools.has('--json')),
    approvals: getApprovals,
    async manager() {
      const approved = await getApprovals();
      return new McpManager({
        sources,
        createTransport: defaultTransportFactory({ loginShellPath: false }),
        env: process.env,
        // No keychain on the command line: ${secret:NAME} falls back to the env var NAME.
        secrets: undefined,
        approvals: { isApproved: (dir, name, hash) => approved.isApproved(dir, name, hash) },
        clientInfo: { name: 'lena-cli', version: '0.1.0' },
        autoRestart: false,
        auth: await cliAuthRegistry(paths.home), // signed in with `lena mcp login`
      });
    },
  };
}

