// Backoff, crash-loop verdicts and the healthy-period reset (RELIABILITY.md faults 22-24).
import { describe, expect, it } from 'vitest';
import { isPermanentFailure, RestartPolicy } from '../../../../../electron/core/mcp/manager/restart-policy';

describe('RestartPolicy', () => {
  it('doubles the delay up to the cap, with jitter within bounds', () => {
    const p = new RestartPolicy({ baseDelayMs: 1000, maxDelayMs: 8000, jitter: 0, crashLoopExits: 100 });
    const delays = [0, 1, 2, 3, 4, 5].map((i) => {
      const v = p.onExit(i * 100_000_000, 0);
      return v.action === 'restart' ? v.delayMs : -1;
    });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const jittered = new RestartPolicy({ baseDelayMs: 1000, jitter: 0.2, random: () => 0.999 }).onExit(0, 0);
    expect(jittered.action === 'restart' && jittered.delayMs).toBeGreaterThan(1000);
    expect(jittered.action === 'restart' && jittered.delayMs).toBeLessThanOrEqual(1200);
  });

  it('gives up with "crash loop: N exits in M s" after N exits in the window', () => {
    const p = new RestartPolicy({ crashLoopExits: 10, crashLoopWindowMs: 120_000 });
    let verdict = p.onExit(0, 0);
    for (let i = 1; i < 10; i++) verdict = p.onExit(i * 3000, 10);
    expect(verdict).toEqual({ action: 'give-up', message: 'crash loop: 10 exits in 27 s; fix the server, then press Retry' });
  });

  it('resets the counter after a healthy period', () => {
    const p = new RestartPolicy({ baseDelayMs: 100, jitter: 0, healthyAfterMs: 60_000 });
    p.onExit(0, 0);
    p.onExit(1000, 0);
    expect(p.attempts).toBe(2);
    expect(p.onExit(200_000, 120_000)).toEqual({ action: 'restart', delayMs: 100, attempt: 1 });
  });

  it('knows which failures a restart cannot fix', () => {
    expect(isPermanentFailure('`npx` was not found on PATH (/usr/bin); set an absolute command path or fix PATH')).toBe(true);
    expect(isPermanentFailure('the server answered protocol version 1999-01-01, which Lena does not support')).toBe(true);
    expect(isPermanentFailure('process exited with code 1')).toBe(false);
  });
});
