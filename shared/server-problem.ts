// A server's failure as a person reads it: a headline that says what is wrong in a few words
// ("`uvx` is not installed or not on PATH", "Nothing answers at 127.0.0.1:9"), the advice of what
// to do, and the technical text (the whole message, with its PATH or stack) kept for "Details".
// Decided by the error's code and data and the entry it came from, never by the message's words.
// Pure: no Node, no DOM; the window and the command line may both use it.
import { ERROR_CODE } from './result';
import type { ServerEntry } from './server-config';
import type { ServerError } from './server-types';

export interface ServerProblem {
  /** What is wrong, in plain words, short enough for one line. */
  headline: string;
  /** What to do about it (core's hint), when there is advice. */
  advice?: string;
  /** The technical text behind "Details": the whole message, core's detail and the codes. */
  detail: string;
}

/** Where a remote entry points, as `host:port` (the port the URL implies when it names none). */
function hostOf(url: string | undefined): { host: string; hostname: string; path: string } | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '');
    return {
      host: port ? `${u.hostname}:${port}` : u.hostname,
      hostname: u.hostname,
      path: u.pathname,
    };
  } catch {
    return null;
  }
}

/** The message's first clause, capitalised: a headline when no code says more. */
function firstClause(message: string): string {
  const clause = message.split(/;\s|\n/)[0].trim();
  const cut = clause.length > 140 ? `${clause.slice(0, 139)}…` : clause;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

const UNREACHABLE: Record<string, (host: string, hostname: string) => string> = {
  ECONNREFUSED: (host) => `Nothing answers at ${host}`,
  ENOTFOUND: (_host, hostname) => `No host named ${hostname} was found`,
  EAI_AGAIN: (_host, hostname) => `The name ${hostname} could not be looked up`,
  EHOSTUNREACH: (host) => `${host} cannot be reached from this network`,
  ENETUNREACH: (host) => `${host} cannot be reached from this network`,
  ETIMEDOUT: (host) => `${host} did not answer the connection in time`,
  ECONNRESET: (host) => `${host} closed the connection`,
};

/** The words for an HTTP status a server answered. */
function httpHeadline(status: number | undefined, host: string, path: string): string {
  if (status === 401 || status === 403) return `${host} refused the credentials (HTTP ${status})`;
  if (status === 404) return `${host} has no MCP endpoint at ${path} (HTTP 404)`;
  if (status !== undefined && status >= 500) return `${host} failed with HTTP ${status}`;
  return `${host} answered HTTP ${status ?? '?'}`;
}

/** The headline for the codes that have one of their own; undefined for the others. */
function headlineOf(error: ServerError, entry: ServerEntry | null): string | undefined {
  const cmd = entry?.command ? `\`${entry.command}\`` : 'The server’s command';
  const remote = hostOf(entry?.url);
  const server = remote ? remote.host : entry?.command ? cmd : 'The server';
  const data = error.data ?? {};
  switch (error.code) {
    case ERROR_CODE.commandNotFound:
      return `${cmd} is not installed or not on PATH`;
    case ERROR_CODE.notExecutable:
      return `${cmd} may not be run (permission denied)`;
    case ERROR_CODE.badCwd:
      return entry?.cwd
        ? `The working folder ${entry.cwd} does not exist`
        : 'The server’s working folder does not exist';
    case ERROR_CODE.sandboxUnavailable:
      return 'The sandbox this server asks for cannot run on this machine';
    case ERROR_CODE.spawnFailed:
      return `${cmd} could not be started`;
    case ERROR_CODE.network: {
      if (!remote) return undefined;
      const words = data.errno ? UNREACHABLE[data.errno] : undefined;
      return words ? words(remote.host, remote.hostname) : `Could not reach ${remote.host}`;
    }
    case ERROR_CODE.httpStatus:
      return remote ? httpHeadline(data.status, remote.host, remote.path) : undefined;
    case ERROR_CODE.startTimeout:
      return `${server} did not finish starting in time`;
    case ERROR_CODE.timeout:
      return `${server} did not answer in time`;
    case ERROR_CODE.serverExited:
      if (typeof data.exitCode === 'number') return `${cmd} exited with code ${data.exitCode}`;
      if (data.signal) return `${cmd} was stopped by ${data.signal}`;
      return `${cmd} exited`;
    case ERROR_CODE.crashLoop:
      return remote
        ? `${remote.host} kept failing, so Lena stopped retrying`
        : `${cmd} keeps exiting as it starts`;
    case ERROR_CODE.protocolVersion:
      return 'Lena and this server share no MCP protocol version';
    case ERROR_CODE.protocolError:
      return `${server} answered something that is not valid MCP`;
    case ERROR_CODE.connectionFailed:
      return `The connection to ${server} broke`;
    default:
      return undefined;
  }
}

/** The technical text: the message as core wrote it, its detail, and the codes that decided. */
function detailOf(error: ServerError): string {
  const codes = [
    error.code,
    error.data?.errno,
    error.data?.status !== undefined ? `HTTP ${error.data.status}` : undefined,
    error.data?.rpcCode !== undefined ? `JSON-RPC ${error.data.rpcCode}` : undefined,
  ].filter(Boolean);
  return [error.message, error.detail, `(${codes.join(' · ')})`].filter(Boolean).join('\n');
}

/**
 * Advice of its own where the headline already says what core's hint begins with (the hint is
 * written to stand alone, for the command line); core's hint otherwise.
 */
function adviceOf(error: ServerError, entry: ServerEntry | null): string | undefined {
  if (error.code === ERROR_CODE.commandNotFound && entry?.command)
    return `Install \`${entry.command}\`, or give the full path of the program in the server entry (Edit).`;
  if (error.code === ERROR_CODE.network && error.data?.errno === 'ECONNREFUSED')
    return 'Start the server or fix the address in the entry (Edit), then press Retry.';
  return error.hint;
}

/** A failed server's headline, advice and detail. */
export function serverProblem(error: ServerError, entry: ServerEntry | null): ServerProblem {
  const headline = headlineOf(error, entry) ?? firstClause(error.message);
  const advice = adviceOf(error, entry);
  return { headline, ...(advice ? { advice } : {}), detail: detailOf(error) };
}
