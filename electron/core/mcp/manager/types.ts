// What the manager needs from outside, as small interfaces: how to build a transport, whether a
// project server is approved, where to record process groups. Wiring happens in core/host.
import type { LoggingLevel } from '../../../../shared/mcp-types';
import type { AuthRegistry } from '../auth/registry';
import type { FeaturePorts } from '../client-features/ports';
import type { AuthProvider } from '../auth/types';
import type { LaunchSpec, SecretLookup } from '../config/expand';
import type { Transport } from '../transport';
import type { ServerLogEntry } from '../client-events';

/** A transport plus, for stdio, what the manager records for orphan cleanup and shows in status. */
export interface ManagedTransport extends Transport {
  readonly pid?: number;
  readonly pgid?: number;
  readonly startedAt?: number;
  stderrTail?(): string;
  /** stdio: calls `listener` with each stderr chunk as it arrives (the Logs tab's timed lines). */
  onStderr?(listener: (chunk: string) => void): void;
}

/** Calls a transport may make back into the session that owns it. */
export interface TransportHooks {
  /** A remote session expired and was re-initialised: capabilities and tools may have changed. */
  onSessionReinitialized?(): void;
  /** OAuth for a remote server: credentials per request, sign-in on 401 (core/mcp/auth). */
  auth?: AuthProvider;
}

export type TransportFactory = (
  name: string,
  launch: LaunchSpec,
  hooks?: TransportHooks,
) => ManagedTransport | Promise<ManagedTransport>;

/** Project servers start only once the user approved this exact entry (permissions issue). */
export interface ApprovalCheck {
  isApproved(projectDir: string, name: string, entryHash: string): boolean | Promise<boolean>;
  /**
   * The references (`NAME`, `secret:NAME`) the user granted with that approval; a project entry
   * may expand only these. Absent: nothing was granted.
   */
  grants?(
    projectDir: string,
    name: string,
    entryHash: string,
  ): readonly string[] | Promise<readonly string[]>;
  /**
   * When the user chose, with that approval, to run an entry without a `sandbox` field outside the
   * default sandbox (ISO date); null or absent: it runs in it.
   */
  sandboxOff?(
    projectDir: string,
    name: string,
    entryHash: string,
  ): string | null | Promise<string | null>;
}

/** Records running servers' process groups so a crash of Lena leaves nothing behind (desktop issue). */
export interface ProcessRecorder {
  add(record: {
    name: string;
    pid: number;
    pgid: number;
    startedAt: number;
    command: string;
  }): void | Promise<void>;
  remove(pid: number): void | Promise<void>;
}

export interface SessionDeps {
  createTransport: TransportFactory;
  env: NodeJS.ProcessEnv;
  secrets?: SecretLookup;
  /** Where installed bundles live (default: <LENA_HOME>/extensions). */
  extensionsDir?: string;
  processes?: ProcessRecorder;
  /** False for one-shot uses (the command line, test connection): a failure is final, no restarts. */
  autoRestart?: boolean;
  /** Restart policy knobs; tests shrink the delays. */
  restart?: import('./restart-policy').RestartPolicyOptions;
  clientInfo?: { name: string; version: string };
  /** One OAuth provider per remote server (absent: 401 stays an error). */
  auth?: AuthRegistry;
  /** What this front end lets servers ask (roots, sampling, elicitation); nothing is declared without it. */
  features?: FeaturePorts;
  /** The least severe log message to ask each server for (logging/setLevel); info when unset. */
  logLevel?: (server: string) => LoggingLevel | undefined;
  now?: () => number;
  /** Each log entry of a server's client (its own messages and Lena's notes about it), for live log views. */
  onClientLog?: (server: string, entry: ServerLogEntry) => void;
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}
