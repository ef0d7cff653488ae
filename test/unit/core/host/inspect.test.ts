// The servers page as an inspector, through the real host and a real SDK server (issue 16): a tool
// run by hand passes the permission gate (a deny rule refuses it; otherwise the audit says "run by
// hand"), and the Logs tab's rows show the traffic with paired durations and the server's stderr.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  InspectorBody,
  InspectorLogPage,
  RunToolResult,
} from '../../../../shared/inspector-types';
import type { ServerStatus } from '../../../../shared/server-types';
import type { Host } from '../../../../electron/core/host';
import { newHost, ROOT, type HostUnderTest } from './host-harness';

const PEER = join(ROOT, 'test/fixtures/mcp/inspect-peer.mjs');
const SCRIPTED = join(ROOT, 'test/fixtures/mcp/scripted-server.mjs');
// One host for the file (made in beforeAll, so the harness closes it after the last test).
let host: Host;
let call: HostUnderTest['call'];
let dispatch: HostUnderTest['dispatch'];

beforeAll(async () => {
  ({ host, call, dispatch } = newHost('lena-host-inspect-'));
  const added = await call<ServerStatus>('servers:add', {
    name: 'shop',
    entry: { command: process.execPath, args: [PEER] },
  });
  expect(added.status).toBe('connected');
});

describe('servers:run-tool', () => {
  const order = {
    customer: { name: 'Ada' },
    items: [{ sku: 'A-1', quantity: 2 }],
    priority: 'high',
    gift: true,
  };

  it('runs a tool with nested arguments, recorded as run by hand, without asking', async () => {
    const r = await call<RunToolResult>('servers:run-tool', {
      server: 'shop',
      tool: 'create_order',
      arguments: order,
    });
    expect(r.outcome).toBe('done');
    expect(r.result?.content).toEqual([
      { type: 'text', text: 'Order for Ada: 2 × A-1; priority high; gift wrapped' },
    ]);
    expect(r.audit).toMatchObject({ decision: 'allow', decidedBy: 'run by hand' });
    const services = await host.services();
    expect(services.runtime.asks?.pending() ?? []).toEqual([]);
  });

  it('refuses arguments that do not match the schema, naming the field', async () => {
    const r = await call<RunToolResult>('servers:run-tool', {
      server: 'shop',
      tool: 'create_order',
      arguments: { customer: {}, items: [] },
    });
    expect(r.outcome).toBe('error');
    expect(r.message).toMatch(/input schema/);
    expect(r.message).toMatch(/name|items/);
  });

  it('is refused by a deny rule, with the rule and how to lift it', async () => {
    const services = await host.services();
    await services.runtime.permissions.addRule('deny', { rule: 'mcp__shop__create_order' });
    try {
      const r = await call<RunToolResult>('servers:run-tool', {
        server: 'shop',
        tool: 'create_order',
        arguments: order,
      });
      expect(r.outcome).toBe('denied');
      expect(r.result).toBeNull();
      expect(r.audit.decision).toBe('deny');
      expect(r.message).toMatch(
        /mcp__shop__create_order was denied by the rule deny mcp__shop__create_order \(user\); remove that rule/,
      );
    } finally {
      await services.runtime.permissions.removeRule('deny', 'mcp__shop__create_order');
    }
  });

  it('cancels a run still in progress: the server is told, the outcome says so', async () => {
    const running = call<RunToolResult>('servers:run-tool', {
      server: 'shop',
      tool: 'wait',
      arguments: { ms: 60_000 },
      runId: 'run-1',
    });
    const rows = async () =>
      (await call<InspectorLogPage>('servers:log-view', { name: 'shop' })).rows;
    await expect
      .poll(async () =>
        (await rows()).some((r) => r.stream === 'stderr' && r.summary === 'handling wait'),
      )
      .toBe(true);
    expect(await call<boolean>('servers:cancel-run', { runId: 'run-1' })).toBe(true);
    const r = await running;
    expect(r).toMatchObject({
      outcome: 'cancelled',
      result: null,
      message: expect.stringContaining('notifications/cancelled'),
    });
    await expect
      .poll(async () =>
        (await rows()).some((row) => row.stream === 'stderr' && row.summary === 'wait: cancelled'),
      )
      .toBe(true);
    expect(
      (await rows()).some(
        (row) => row.direction === 'out' && row.method === 'notifications/cancelled',
      ),
    ).toBe(true);
    // Ended runs cannot be cancelled again.
    expect(await call<boolean>('servers:cancel-run', { runId: 'run-1' })).toBe(false);
  });

  it('sends the progress a run reports to the window, by its run id', async () => {
    const seen: unknown[] = [];
    const off = host.events.forward(
      (event, payload) => event === 'servers:run-progressed' && seen.push(payload),
    );
    try {
      const r = await call<RunToolResult>('servers:run-tool', {
        server: 'shop',
        tool: 'steps',
        arguments: { n: 3, ms: 10 },
        runId: 'run-2',
      });
      expect(r).toMatchObject({
        outcome: 'done',
        result: { content: [{ type: 'text', text: 'did 3 steps' }] },
      });
      expect(seen).toEqual(
        [1, 2, 3].map((step) => ({
          runId: 'run-2',
          progress: step,
          total: 3,
          message: `step ${step} of 3`,
        })),
      );
      // A run without an id (no panel to show it) asks for no progress at all.
      seen.length = 0;
      await call<RunToolResult>('servers:run-tool', {
        server: 'shop',
        tool: 'steps',
        arguments: { n: 2, ms: 10 },
      });
      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });

  it('says which tool is unknown', async () => {
    const r = (await dispatch('servers:run-tool', {
      server: 'shop',
      tool: 'nope',
      arguments: {},
    })) as { ok: false; error: { code: string; message: string } };
    expect(r.error).toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('"shop" has no tool named "nope"'),
    });
  });
});

describe('servers:log-view', () => {
  it('shows stderr and traffic by time, each response paired with its request and timed', async () => {
    const page = await call<InspectorLogPage>('servers:log-view', { name: 'shop' });
    const rows = page.rows;
    const init = rows.find((r) => r.kind === 'request' && r.method === 'initialize')!;
    const initAnswer = rows.find((r) => r.pairSeq === init.seq)!;
    expect(initAnswer).toMatchObject({
      kind: 'response',
      direction: 'in',
      method: 'initialize',
      id: init.id,
    });
    expect(initAnswer.durationMs).toBeGreaterThanOrEqual(0);
    expect(rows[0]).toMatchObject({
      stream: 'lena',
      summary: expect.stringMatching(/^Starting stdio: /),
    });
    expect(
      rows.some((r) => r.stream === 'stderr' && r.summary === 'inspect-peer: starting up'),
    ).toBe(true);
    expect(rows.some((r) => r.stream === 'stderr' && r.summary === 'handling create_order')).toBe(
      true,
    );
    expect(rows.some((r) => r.stream === 'lena' && r.summary === 'create_order run by hand')).toBe(
      true,
    );
    for (let i = 1; i < rows.length; i += 1)
      expect(rows[i].time).toBeGreaterThanOrEqual(rows[i - 1].time);
    const toolCall = rows.find((r) => r.kind === 'request' && r.method === 'tools/call')!;
    const body = await call<InspectorBody>('servers:log-body', { name: 'shop', seq: toolCall.seq });
    expect(JSON.parse(body.text).params).toMatchObject({
      name: 'create_order',
      arguments: { customer: { name: 'Ada' } },
    });
    const after = await call<InspectorLogPage>('servers:log-view', {
      name: 'shop',
      after: toolCall.seq,
    });
    expect(after.rows[0].seq).toBe(toolCall.seq + 1);
  });

  it('keeps a 200 KB result cut at 64 KB with its original size', async () => {
    await call<RunToolResult>('servers:run-tool', {
      server: 'shop',
      tool: 'big',
      arguments: { kb: 200 },
    });
    const page = await call<InspectorLogPage>('servers:log-view', { name: 'shop' });
    const big = page.rows.filter((r) => r.kind === 'response' && r.method === 'tools/call').at(-1)!;
    expect(big.truncated).toBe(true);
    expect(big.bytes).toBeGreaterThan(200 * 1024);
    const body = await call<InspectorBody>('servers:log-body', { name: 'shop', seq: big.seq });
    expect(Buffer.byteLength(body.text)).toBe(64 * 1024);
  });
});

describe('the log, beside the rows of traffic', () => {
  it("has Lena's notes about answers it ignored, and servers:logs classifies from the messages", async () => {
    await call<ServerStatus>('servers:add', {
      name: 'odd',
      entry: { command: process.execPath, args: [SCRIPTED, 'unknown-ids'] },
    });
    await expect
      .poll(async () =>
        (await call<InspectorLogPage>('servers:log-view', { name: 'odd' })).rows
          .filter((r) => r.stream === 'lena')
          .map((r) => r.summary)
          .join('\n'),
      )
      .toMatch(/987654/);
    const logs = await call<{
      protocol: { kind: string; method: string | null; direction: string }[];
    }>('servers:logs', { name: 'odd' });
    expect(
      logs.protocol.find((p) => p.method === 'initialize' && p.direction === 'out')?.kind,
    ).toBe('request');
    expect(logs.protocol.find((p) => p.method === 'initialize' && p.direction === 'in')?.kind).toBe(
      'response',
    );
    expect(
      logs.protocol.some(
        (p) => p.kind === 'notification' && p.method === 'notifications/initialized',
      ),
    ).toBe(true);
  });
});
