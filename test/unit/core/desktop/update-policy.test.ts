import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UpdateController,
  type Updater,
} from '../../../../electron/core/desktop/update-controller';
import {
  CHECK_INTERVAL_MS,
  downloadedDecision,
  FIRST_CHECK_DELAY_MS,
  updatePolicy,
} from '../../../../electron/core/desktop/update-policy';

const HOUR = 3_600_000;
const now = 1_800_000_000_000;

describe('updatePolicy', () => {
  const base = { optedIn: true, now, turnInProgress: false, isPackaged: true };

  it('never checks unless opted in, and never in development builds', () => {
    expect(updatePolicy({ ...base, optedIn: false }).check).toBe('never');
    expect(updatePolicy({ ...base, isPackaged: false }).check).toBe('never');
  });

  it('checks shortly after start, then every 6 hours', () => {
    expect(updatePolicy({ ...base, justStarted: true })).toEqual({
      check: 'in',
      delayMs: FIRST_CHECK_DELAY_MS,
    });
    expect(updatePolicy({ ...base, lastCheck: now })).toEqual({
      check: 'in',
      delayMs: CHECK_INTERVAL_MS,
    });
    expect(updatePolicy({ ...base, lastCheck: now - 2 * HOUR })).toEqual({
      check: 'in',
      delayMs: 4 * HOUR,
    });
    expect(updatePolicy({ ...base, lastCheck: now - 7 * HOUR })).toEqual({
      check: 'in',
      delayMs: 0,
    });
  });

  it('does not postpone checks for ever when the last check is in the future (clock moved back)', () => {
    expect(updatePolicy({ ...base, lastCheck: now + 100 * HOUR })).toEqual({
      check: 'in',
      delayMs: CHECK_INTERVAL_MS,
    });
  });

  it('offers "Restart to update" when idle and defers during a turn', () => {
    const idle = downloadedDecision('1.2.0', { turnInProgress: false });
    expect(idle).toMatchObject({ action: 'prompt', buttons: ['Restart to update', 'Later'] });
    expect(idle.action === 'prompt' && idle.message).toContain('1.2.0');
    expect(downloadedDecision('1.2.0', { turnInProgress: true }).action).toBe('defer');
  });
});

describe('UpdateController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  function setup(opts: { optedIn?: boolean; isPackaged?: boolean; answer?: boolean } = {}) {
    const calls = { checks: 0, installs: 0, prompts: 0 };
    let turn = false;
    const updater: Updater = {
      checkForUpdates: async () => void calls.checks++,
      quitAndInstall: () => void calls.installs++,
    };
    const controller = new UpdateController({
      updater,
      isPackaged: opts.isPackaged ?? true,
      optedIn: () => opts.optedIn ?? true,
      turnInProgress: () => turn,
      prompt: async () => {
        calls.prompts++;
        return opts.answer ?? true;
      },
    });
    return { controller, calls, setTurn: (t: boolean) => (turn = t) };
  }

  it('checks after the start delay and again every 6 hours when opted in', async () => {
    const { controller, calls } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS - 1);
    expect(calls.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(calls.checks).toBe(2);
    controller.stop();
  });

  it('never contacts the update feed when not opted in or not packaged', async () => {
    for (const opts of [{ optedIn: false }, { isPackaged: false }]) {
      const { controller, calls } = setup(opts);
      controller.start();
      await vi.advanceTimersByTimeAsync(2 * CHECK_INTERVAL_MS);
      expect(calls.checks).toBe(0);
    }
  });

  it('holds a downloaded update during a turn and offers it when Lena is idle', async () => {
    const { controller, calls, setTurn } = setup();
    setTurn(true);
    await controller.downloaded('2.0.0');
    expect(calls).toMatchObject({ prompts: 0, installs: 0 });
    setTurn(false);
    await controller.idle();
    expect(calls).toMatchObject({ prompts: 1, installs: 1 });
  });

  it('leaves the update for the next quit when the user says Later', async () => {
    const { controller, calls } = setup({ answer: false });
    await controller.downloaded('2.0.0');
    await controller.idle();
    expect(calls).toMatchObject({ prompts: 1, installs: 0 });
  });
});
