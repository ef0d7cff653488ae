// What the resource and prompt commands share: starting the one server they name and turning a
// failed request into the command's error.
import type { ServersService } from '../../core/host/services/servers';
import { CliError, EXIT } from '../errors';
import type { Output } from '../output';
import { notConnected, requireServer, startServers } from './servers';

/** Starts only `name`; a server that does not connect ends the command with why. */
export async function connectOne(
  servers: ServersService,
  out: Output,
  name: string,
  verbose = false,
): Promise<void> {
  const status = requireServer(servers, name);
  const [started] = await startServers(servers, out, [name], verbose ? 'line' : 'none');
  if ((started ?? status).status !== 'connected') throw notConnected(servers, started ?? status);
}

/** Runs one request of the server; its error becomes `code` with the server's message. */
export async function request<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new CliError(code, err instanceof Error ? err.message : String(err), EXIT.failed);
  }
}

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
