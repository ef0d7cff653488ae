// Lena's quit steps mapped onto the host's runtime: refuse new turns, stop running turns and
// their tool calls (and close pending permission prompts), stop the servers (backed by the recorded
// process groups), then close the conversation database.
import type { Runtime } from '../host/runtime';
import type { ProcessRecords } from '../base/process-records';
import type { QuitHooks } from './quit-sequence';
import { shutdownServers } from './server-shutdown';

/** The runtime parts the quit sequence touches. */
export type QuitRuntime = {
  engine: Pick<Runtime['engine'], 'shutdown'>;
  broker: Pick<NonNullable<Runtime['broker']>, 'cancelAll'> | null;
  manager: Pick<Runtime['manager'], 'shutdown'>;
  conversations: Pick<Runtime['conversations'], 'close'>;
};

export interface RuntimeQuitOptions {
  runtime: () => Promise<QuitRuntime>;
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
      turnsStopped = (await options.runtime()).engine.shutdown();
    },
    cancelToolCalls: async () => {
      (await options.runtime()).broker?.cancelAll('Lena is quitting');
      await turnsStopped;
    },
    shutdownServers: (boundMs) =>
      shutdownServers({
        stopAll: async () => (await options.runtime()).manager.shutdown(),
        records: options.records,
        boundMs,
        log: options.log,
      }),
    closeDatabase: async () => {
      (await options.runtime()).conversations.close();
      await options.flush?.();
    },
  };
}
