// A tool call that became a task outlives its connection: when the connection drops (the server
// restarted, the network blinked), the manager waits for the server to be back and follows the
// same task on the new session, a few times at most. The call itself is never sent again: the
// task is the call.
import type { CallToolOptions, McpClient, ToolCallOutcome } from '../client';
import { TaskInterruptedError } from './follow';

/** Reconnects one call may ride out before its failure is reported. */
export const MAX_TASK_RECONNECTS = 3;

export interface ReconnectHost {
  /** Waits for the server to be connected again (restarting it if need be); the new client or null. */
  reconnect(): Promise<McpClient | null>;
}

export async function followThroughReconnects(
  first: Promise<ToolCallOutcome>,
  host: ReconnectHost,
  tool: string,
  opts: CallToolOptions,
): Promise<ToolCallOutcome> {
  let pending = first;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await pending;
    } catch (e) {
      if (
        !(e instanceof TaskInterruptedError) ||
        attempt >= MAX_TASK_RECONNECTS ||
        opts.signal?.aborted
      )
        throw e;
      opts.onTask?.({
        ...e.task,
        statusMessage: 'The connection dropped; following the task again once the server is back',
      });
      const client = await host.reconnect();
      if (!client) throw e;
      pending = client.followToolTask(e.task, { ...opts, since: e.since, tool });
    }
  }
}
