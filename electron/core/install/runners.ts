// Whether the program an install option runs with (uvx, docker, dnx, npx) is on PATH. A missing
// one does not stop the install: the option is offered with that said, so the user can install
// the runner and the entry starts then.
import { findOnPath } from '../mcp/transports/sandbox/availability';
import type { InstallOption } from './map-entry';

const WHERE: Record<string, string> = {
  npx: 'it comes with Node.js (https://nodejs.org)',
  uvx: 'it comes with uv (https://docs.astral.sh/uv/)',
  docker: 'install Docker (https://docs.docker.com/get-docker/)',
  dnx: 'it comes with the .NET 10 SDK (https://dotnet.microsoft.com/download)',
};

/** A sentence when the option's runner is not on PATH; undefined when it is (or none is needed). */
export function missingRunner(
  option: Pick<InstallOption, 'runner'>,
  path: string | undefined = process.env.PATH,
): string | undefined {
  const runner = option.runner;
  if (!runner) return undefined;
  const names = process.platform === 'win32' ? [`${runner}.exe`, `${runner}.cmd`] : [runner];
  if (names.some((n) => findOnPath(n, path))) return undefined;
  return `\`${runner}\` was not found on PATH; ${WHERE[runner] ?? 'install it'}. The server is saved and starts once it is there.`;
}
