// The inspector slice against a fake host: a server's log rows read page by page, and the progress
// of a tool run by hand.
import { describe, expect, it } from 'vitest';
import type { InspectorRow } from '../../../../../shared/inspector-types';
import { inspectorSelectors } from '../../../../../renderer/store/inspector/selectors';
import { storeWithFakeHost } from '../fake-host';

const row = (seq: number): InspectorRow => ({
  seq,
  time: seq,
  stream: 'stderr',
  direction: null,
  kind: 'stderr',
  method: null,
  id: null,
  durationMs: null,
  pairSeq: null,
  bytes: 1,
  truncated: false,
  summary: String(seq),
});

describe('inspector slice', () => {
  it('starts with no rows for any server', () => {
    const { store } = storeWithFakeHost();
    expect(inspectorSelectors.rows('fs')(store.getState())).toEqual([]);
  });

  it('asks for the rows after the last one held and appends them', async () => {
    const { host, store } = storeWithFakeHost();
    host.on(
      'servers:log-view',
      ({ after }) => ({ rows: after === 0 ? [row(1), row(2)] : [row(3)], firstSeq: 1 }) as never,
    );
    await store.getState().loadLogRows('fs');
    await store.getState().loadLogRows('fs');
    expect(host.calls.map((c) => c.args)).toEqual([
      { name: 'fs', after: 0 },
      { name: 'fs', after: 2 },
    ]);
    expect(
      inspectorSelectors
        .rows('fs')(store.getState())
        .map((r) => r.seq),
    ).toEqual([1, 2, 3]);
  });

  it('keeps the rows it has when a page cannot be read, and says why', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('servers:log-view', () => ({ rows: [row(1)], firstSeq: 1 }) as never);
    await store.getState().loadLogRows('fs');
    host.fail('servers:log-view', { code: 'not-found', message: 'No server named "fs".' });
    await store.getState().loadLogRows('fs');
    expect(inspectorSelectors.rows('fs')(store.getState())).toHaveLength(1);
    expect(inspectorSelectors.rowsError('fs')(store.getState())?.message).toBe(
      'No server named "fs".',
    );
  });

  it('holds the last progress of a run while it runs, and drops it when the run ends, late notifications too', async () => {
    const { host, store } = storeWithFakeHost();
    const off = store.getState().subscribeInspector();
    let finish: (v: unknown) => void = () => {};
    host.on('servers:run-tool', () => new Promise((resolve) => (finish = resolve)) as never);
    const running = store.getState().runTool('shop', 'steps', { n: 3 }, 'run-7');
    host.emit('servers:run-progressed', {
      runId: 'run-7',
      progress: 1,
      total: 3,
      message: 'step 1 of 3',
    });
    host.emit('servers:run-progressed', {
      runId: 'run-7',
      progress: 2,
      total: 3,
      message: 'step 2 of 3',
    });
    expect(inspectorSelectors.runProgress('run-7')(store.getState())).toEqual({
      runId: 'run-7',
      progress: 2,
      total: 3,
      message: 'step 2 of 3',
    });
    expect(inspectorSelectors.runProgress('run-8')(store.getState())).toBeNull();
    finish({
      outcome: 'done',
      result: { content: [] },
      message: null,
      audit: { decision: 'allow', decidedBy: 'run by hand', at: '' },
      durationMs: 5,
    });
    await running;
    expect(inspectorSelectors.runProgress('run-7')(store.getState())).toBeNull();
    host.emit('servers:run-progressed', { runId: 'run-7', progress: 3, total: 3 });
    expect(inspectorSelectors.runProgress('run-7')(store.getState())).toBeNull();
    off();
  });

  it('holds no progress for a run this window is not waiting on (another window, or one before a reload)', () => {
    const { host, store } = storeWithFakeHost();
    const off = store.getState().subscribeInspector();
    // Core sends every run's progress to every window; with nobody here to end that run, it would
    // be held for the rest of the session.
    host.emit('servers:run-progressed', { runId: 'run-elsewhere', progress: 1, total: 3 });
    expect(inspectorSelectors.runProgress('run-elsewhere')(store.getState())).toBeNull();
    expect(store.getState().runProgress).toEqual({});
    off();
  });

  it('after many runs ended, a late notification of any of them, the first or the last, is not shown', async () => {
    const { host, store } = storeWithFakeHost();
    const off = store.getState().subscribeInspector();
    host.on(
      'servers:run-tool',
      () =>
        ({
          outcome: 'done',
          result: { content: [] },
          message: null,
          audit: { decision: 'allow', decidedBy: 'run by hand', at: '' },
          durationMs: 1,
        }) as never,
    );
    for (let i = 0; i < 500; i++) await store.getState().runTool('shop', 'steps', {}, `run-${i}`);
    for (const i of [0, 250, 499])
      host.emit('servers:run-progressed', { runId: `run-${i}`, progress: 1, total: 3 });
    expect(store.getState().runProgress).toEqual({});
    off();
  });
});
