import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessRecords } from '../../../../electron/core/base/process-records';
import { lenaQuitSteps, quitSequence } from '../../../../electron/core/desktop/quit-sequence';
import {
  runtimeQuitHooks,
  type QuitRuntime,
} from '../../../../electron/core/desktop/runtime-quit-hooks';

const dir = mkdtempSync(join(tmpdir(), 'lena-quit-hooks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runtimeQuitHooks', () => {
  it('refuses turns first, waits for running ones, then servers, then the database', async () => {
    const order: string[] = [];
    let finishTurn: () => void = () => undefined;
    const runtime: QuitRuntime = {
      chat: {
        shutdown: () => {
          order.push('no new turns');
          return new Promise<void>(
            (r) =>
              (finishTurn = () => {
                order.push('turn ended');
                r();
              }),
          );
        },
        closeStore: () => void order.push('database closed'),
      },
      asks: {
        cancelAll: () => {
          order.push('prompts cancelled');
          setTimeout(() => finishTurn(), 20);
        },
      },
      servers: { shutdown: async () => void order.push('servers stopped') },
    };
    const hooks = runtimeQuitHooks({
      services: async () => runtime,
      records: new ProcessRecords(join(dir, 'p.json')),
      flush: async () => void order.push('state saved'),
    });
    const outcomes = await quitSequence(
      lenaQuitSteps({ ...hooks, exit: () => void order.push('exit') }),
      { timeoutMs: 5000 },
    );
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(order).toEqual([
      'no new turns',
      'prompts cancelled',
      'turn ended',
      'servers stopped',
      'database closed',
      'state saved',
      'exit',
    ]);
  });
});
