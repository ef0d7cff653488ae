// Lena's quit steps mapped onto the host's services: refuse new turns, stop running turns and
// their tool calls (and close pending permission prompts), stop the servers (backed by the recorded
// process groups), then close the conversation database.
import type { HostServices } from '../host/services';
import type { ProcessRecords } from '../base/process-records';
import type { QuitHooks } from './quit-sequence';
import { shutdownServers } from './server-shutdown';

/** The services' methods the quit sequence calls. */
export type QuitRuntime = {
  chat: Pick<HostServices['chat'], 'shutdown' | 'closeStore'>;
  asks: Pick<HostServices['asks'], 'cancelAll'>;
  servers: Pick<HostServices['servers'], 'shutdown'>;
};

export interface RuntimeQuitOptions {
  services: () => Promise<QuitRuntime>;
  records: ProcessRecords;
  /** The shell's own state to write before exit (window bounds). */
  flush?: () => Promise<void>;
  log?: (level: 'warn', message: string) => void;
}

export function runtimeQuitHooks(options: RuntimeQuitOptions): Omit<QuitHooks, 'exit'> {
  let turnsStopped: Promise<void> | undefined;
  return {
    stopAcceptingTurns: async () => {
      // shutdown() refuses new turns at once; the next step awaits the running ones.
      turnsStopped = (await options.services()).chat.shutdown();
    },
    cancelToolCalls: async () => {
      (await options.services()).asks.cancelAll('Lena is quitting');
      await turnsStopped;
    },
    shutdownServers: (boundMs) =>
      shutdownServers({
        stopAll: async () => (await options.services()).servers.shutdown(),
        records: options.records,
        boundMs,
        log: options.log,
      }),
    closeDatabase: async () => {
      (await options.services()).chat.closeStore();
      await options.flush?.();
    },
  };
}
