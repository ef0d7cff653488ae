// When a server dies, whether and when to start it again: exponential backoff with jitter and a
// cap, a spawn-rate limit, and a crash-loop verdict after too many exits in a short window
// (RELIABILITY.md faults 22-24). Pure: the caller passes the clock, so tests need no waiting.
import type { ErrorCode, ErrorInfo } from '../../../../shared/result';

export interface RestartPolicyOptions {
  /** First delay after a crash (default 1 s). */
  baseDelayMs?: number;
  /** Largest delay (default 30 s). */
  maxDelayMs?: number;
  /** ±fraction of random spread on each delay (default 0.2), so many servers do not restart in step. */
  jitter?: number;
  /** Exits within `crashLoopWindowMs` that make a crash loop (default 5). */
  crashLoopExits?: number;
  crashLoopWindowMs?: number;
  /** Uptime after which the server counts as healthy and the counter resets (default 60 s). */
  healthyAfterMs?: number;
  /** Random source in [0, 1) for jitter (tests pass a fixed one). */
  random?: () => number;
}

export type RestartVerdict =
  { action: 'restart'; delayMs: number; attempt: number } | { action: 'give-up'; message: string };

export class RestartPolicy {
  private readonly opts: Required<RestartPolicyOptions>;
  private exits: number[] = [];
  private consecutive = 0;

  constructor(options: RestartPolicyOptions = {}) {
    this.opts = {
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      jitter: 0.2,
      crashLoopExits: 5,
      crashLoopWindowMs: 60_000,
      healthyAfterMs: 60_000,
      random: Math.random,
      ...options,
    };
  }

  /** Records an unexpected exit after `uptimeMs` of running and says what to do next. */
  onExit(now: number, uptimeMs: number): RestartVerdict {
    if (uptimeMs >= this.opts.healthyAfterMs) {
      // A healthy period ends the streak: the next crash starts from the first delay again.
      this.consecutive = 0;
      this.exits = [];
    }
    this.consecutive += 1;
    this.exits.push(now);
    this.exits = this.exits.filter((t) => now - t <= this.opts.crashLoopWindowMs);
    if (this.exits.length >= this.opts.crashLoopExits) {
      const spanS = Math.max(1, Math.round((now - this.exits[0]) / 1000));
      return {
        action: 'give-up',
        message: `crash loop: ${this.exits.length} exits in ${spanS} s; fix the server, then press Retry`,
      };
    }
    const raw = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (this.consecutive - 1));
    const spread = raw * this.opts.jitter * (this.opts.random() * 2 - 1);
    return {
      action: 'restart',
      delayMs: Math.max(0, Math.round(raw + spread)),
      attempt: this.consecutive,
    };
  }

  /** A manual retry or a configuration change starts afresh. */
  reset(): void {
    this.exits = [];
    this.consecutive = 0;
  }

  get attempts(): number {
    return this.consecutive;
  }
}

/** Failures a restart cannot fix: retrying them only burns CPU and hides the message. */
const PERMANENT = new Set<ErrorCode>([
  'command-not-found',
  'bad-command',
  'not-executable',
  'bad-cwd',
  'sandbox-unavailable',
  'protocol-version',
  // A start that timed out (a first `npx` download, say) would only be killed again mid-install.
  'start-timeout',
  'invalid-config',
]);

/** Decided by the failure's code, never its words (issue 13). */
export function isPermanentFailure(error: Pick<ErrorInfo, 'code'>): boolean {
  return PERMANENT.has(error.code);
}
