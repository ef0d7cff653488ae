// How every command reports the configuration it read: a file that cannot be used stops the
// command (exit 3) with its file, line, column and what to do; a problem in one entry, or a
// warning (a misspelt field), is printed on stderr and the rest of the configuration is used.
import type { ConfigIssue } from '../../shared/server-config';
import type { LoadedConfig } from '../core/mcp/config/loader';
import { CliError, EXIT } from './errors';
import type { Output } from './output';

const FIX_SYNTAX =
  'Fix the file in an editor at that line and column (or move it away to start over), then run the command again.';

/** Throws for unusable files; warns of entry problems; returns the configuration otherwise. */
export function checkConfig(config: LoadedConfig, out: Output): LoadedConfig {
  const broken = config.files.filter((f) => f.state !== 'ok');
  const fatal = broken.flatMap((f) => f.errors);
  if (fatal.length > 0) throw configError(fatal);
  for (const issue of config.errors) out.warn(`lena: ${issue.message}`);
  for (const issue of config.warnings) out.warn(`lena: warning: ${issue.message}`);
  return config;
}

/** The error (exit 3) for a file that cannot be used: each problem, then what to do. */
export function configError(errors: readonly ConfigIssue[], after = ''): CliError {
  const fix = errors.some((e) => e.line !== undefined)
    ? FIX_SYNTAX
    : 'Fix the file, then run the command again.';
  return new CliError(
    'config',
    `${errors.map((e) => e.message).join('\n')}\n${fix}${after}`,
    EXIT.config,
    { errors: errors.map(issueJson) },
  );
}

export function issueJson(issue: ConfigIssue): Record<string, unknown> {
  return {
    file: issue.file,
    ...(issue.server ? { server: issue.server } : {}),
    ...(issue.line !== undefined ? { line: issue.line, column: issue.column } : {}),
    message: issue.message,
  };
}
