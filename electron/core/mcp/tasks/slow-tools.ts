// Issue 19: a tool whose taskSupport is "optional" runs as a task when it is expected to be slow
// (or the caller asks, CallToolOptions.asTask). Expected slow: a call of the same tool on the same
// server took SLOW_CALL_MS or more, or timed out, earlier in this run of Lena. A task-augmented
// call survives a dropped connection and a restart of Lena; a plain one is lost with them.
export const SLOW_CALL_MS = 10_000;

export class SlowTools {
  private readonly slow = new Set<string>();

  constructor(private readonly thresholdMs = SLOW_CALL_MS) {}

  /** Whether the next call of this tool should ask for a task (undefined: the caller did not say). */
  wanted(server: string, tool: string, asked: boolean | undefined): boolean | undefined {
    return asked ?? (this.slow.has(`${server}\u0000${tool}`) ? true : undefined);
  }

  /** Times one call (settled either way) and remembers a slow tool. */
  async time<T>(server: string, tool: string, call: Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await call;
    } finally {
      if (Date.now() - started >= this.thresholdMs) this.slow.add(`${server}\u0000${tool}`);
    }
  }
}
