// When the sandbox suite may skip: only locally, only when bubblewrap cannot run here. Under
// CI=true it never skips (a machine that cannot sandbox fails the suite instead).
import { sandboxAvailability } from '../../../../../electron/core/mcp/transports/sandbox/availability';

/** Why the sandbox tests cannot run on this machine, or undefined when they must run. */
export function sandboxSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CI === 'true') return undefined;
  const available = sandboxAvailability(env.PATH);
  return available.ok ? undefined : `sandbox tests skipped: ${available.reason}`;
}
