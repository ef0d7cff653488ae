// Backoff, crash-loop verdicts and the healthy-period reset (RELIABILITY.md faults 22-24).
import { describe, expect, it } from 'vitest';
import {
  isPermanentFailure,
  RestartPolicy,
} from '../../../../../electron/core/mcp/manager/restart-policy';
import { failureInfo } from '../../../../../electron/core/mcp/manager/failure';
import { hintFor } from '../../../../../electron/core/mcp/manager/hints';
import {
  McpProtocolError,
  McpTimeoutError,
  McpTransportError,
} from '../../../../../electron/core/mcp/errors';
import { networkError, statusError } from '../../../../../electron/core/mcp/transports/http-errors';
import { LenaError } from '../../../../../shared/result';

describe('RestartPolicy', () => {
  it('doubles the delay up to the cap, with jitter within bounds', () => {
    const p = new RestartPolicy({
      baseDelayMs: 1000,
      maxDelayMs: 8000,
      jitter: 0,
      crashLoopExits: 100,
    });
    const delays = [0, 1, 2, 3, 4, 5].map((i) => {
      const v = p.onExit(i * 100_000_000, 0);
      return v.action === 'restart' ? v.delayMs : -1;
    });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const jittered = new RestartPolicy({
      baseDelayMs: 1000,
      jitter: 0.2,
      random: () => 0.999,
    }).onExit(0, 0);
    expect(jittered.action === 'restart' && jittered.delayMs).toBeGreaterThan(1000);
    expect(jittered.action === 'restart' && jittered.delayMs).toBeLessThanOrEqual(1200);
  });

  it('gives up with "crash loop: N exits in M s" after N exits in the window', () => {
    const p = new RestartPolicy({ crashLoopExits: 10, crashLoopWindowMs: 120_000 });
    let verdict = p.onExit(0, 0);
    for (let i = 1; i < 10; i++) verdict = p.onExit(i * 3000, 10);
    expect(verdict).toEqual({
      action: 'give-up',
      message: 'crash loop: 10 exits in 27 s; fix the server, then press Retry',
    });
  });

  it('resets the counter after a healthy period', () => {
    const p = new RestartPolicy({ baseDelayMs: 100, jitter: 0, healthyAfterMs: 60_000 });
    p.onExit(0, 0);
    p.onExit(1000, 0);
    expect(p.attempts).toBe(2);
    expect(p.onExit(200_000, 120_000)).toEqual({ action: 'restart', delayMs: 100, attempt: 1 });
  });

  it('knows which failures a restart cannot fix, by their code', () => {
    expect(isPermanentFailure({ code: 'command-not-found' })).toBe(true);
    expect(isPermanentFailure({ code: 'protocol-version' })).toBe(true);
    expect(isPermanentFailure({ code: 'start-timeout' })).toBe(true);
    expect(isPermanentFailure({ code: 'server-exited' })).toBe(false);
    expect(isPermanentFailure({ code: 'http-status' })).toBe(false);
  });
});

// The decision follows the typed error, not its words (issue 13): the same words with another
// cause decide otherwise, and a spawn failure decides the same in any wording.
describe('restart decisions from typed errors', () => {
  it('a spawn failure is permanent whatever its message says', () => {
    const spawn = new McpTransportError('npx konnte nicht gestartet werden', {
      code: 'command-not-found',
    });
    expect(isPermanentFailure(failureInfo(spawn, spawn.message))).toBe(true);
  });

  it('words that once meant "permanent" do not make an exit permanent', () => {
    const exit = new McpTransportError(
      'the server printed "was not found on PATH" and exited with code 1',
      { exitCode: 1, stderrTail: '' },
    );
    const info = failureInfo(exit, exit.message);
    expect(info).toMatchObject({ code: 'server-exited', data: { exitCode: 1 } });
    expect(isPermanentFailure(info)).toBe(false);
  });

  it('a protocol version mismatch is permanent; another protocol error is not', () => {
    expect(
      isPermanentFailure(failureInfo(new McpProtocolError('no shared version', 'version'), 'x')),
    ).toBe(true);
    expect(
      isPermanentFailure(
        failureInfo(
          new McpProtocolError('the server answered protocol version junk in a tool result'),
          'x',
        ),
      ),
    ).toBe(false);
  });

  it('a start deadline is permanent, a request timeout is not', () => {
    expect(
      isPermanentFailure(
        failureInfo(new LenaError('start-timeout', 'start timed out after 30 s'), 'x'),
      ),
    ).toBe(true);
    expect(
      isPermanentFailure(failureInfo(new McpTimeoutError('tools/list', 1000, false), 'x')),
    ).toBe(false);
  });
});

describe('hints from codes and HTTP status', () => {
  const http = (status: number) =>
    statusError(new URL('https://mcp.example/mcp'), status, undefined, '', []);

  it('a 401 or 403 answer gets the credentials hint, from its status, wrapped by a connect or not', () => {
    for (const status of [401, 403]) {
      const wrapped = new McpTransportError(
        'could not start https://mcp.example/mcp: something',
        {},
        { cause: http(status) },
      );
      const info = failureInfo(wrapped, 'could not start');
      expect(info).toMatchObject({ code: 'http-status', data: { status } });
      expect(hintFor(info, '')).toBe(
        'The server refused the credentials: check the headers or token.',
      );
    }
  });

  it('other statuses get no credentials hint, even when the words say "unauthorized"', () => {
    const info = failureInfo(http(500), 'HTTP 500: unauthorized access to the upstream database');
    expect(info).toMatchObject({ code: 'http-status', data: { status: 500 } });
    expect(hintFor(info, '')).toBeUndefined();
  });

  it('a refused connection says nothing answers there, from the errno', () => {
    const refused = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    const info = failureInfo(
      networkError(new URL('http://127.0.0.1:9/mcp'), refused, []),
      'Could not reach',
    );
    expect(info).toMatchObject({ code: 'network', data: { errno: 'ECONNREFUSED' } });
    expect(hintFor(info, '')).toBe(
      'Nothing answers at that URL: is the server running and the address right?',
    );
  });

  it('an exit points at stderr only when there is some', () => {
    expect(hintFor({ code: 'server-exited' }, 'Error: boom')).toBe(
      'The server exited; its last stderr lines are below.',
    );
    expect(hintFor({ code: 'server-exited' }, '')).toBeUndefined();
    expect(hintFor({ code: 'start-timeout' }, '', { commandLine: 'npx -y srv' })).toMatch(
      /Run it by hand \(npx -y srv\)/,
    );
  });
});
