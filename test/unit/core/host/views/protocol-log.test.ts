// The Logs tab's data, built in core (issue 16): rows classified from the message itself, request
// and response paired by id and timed, and the bounds (2,000 rows or 10 MB per server, bodies cut
// at 64 KB with their original size) kept however much a server sends.
import { describe, expect, it } from 'vitest';
import {
  InspectorLogs,
  keepBody,
  LOG_LIMITS,
  Pairing,
  ServerLog,
} from '../../../../../electron/core/host/views/protocol-log';
import { LineSplitter } from '../../../../../electron/core/host/views/log-tap';

const clock = () => {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

const wire = (m: object) => JSON.stringify({ jsonrpc: '2.0', ...m });

describe('InspectorLogs rows', () => {
  it('classifies each message from its fields and pairs a response with its request, with the duration', () => {
    const c = clock();
    const logs = new InspectorLogs({ now: c.now });
    const p = new Pairing();
    const send = (m: object) => logs.message('s', p, 'out', JSON.parse(wire(m)), wire(m));
    const receive = (m: object) => logs.message('s', p, 'in', JSON.parse(wire(m)), wire(m));
    const req = send({ id: 1, method: 'tools/call', params: { name: 'echo' } });
    const other = send({ id: 2, method: 'tools/list' });
    c.advance(40);
    const note = receive({
      method: 'notifications/message',
      params: { level: 'info', data: 'hi' },
    });
    c.advance(85);
    const res = receive({ id: 1, result: { content: [] } });
    const err = receive({ id: 2, error: { code: -32602, message: 'bad cursor' } });
    // A server's own request (sampling) is answered by Lena: paired the other way round.
    const serverReq = receive({ id: 'a', method: 'sampling/createMessage', params: {} });
    c.advance(10);
    const answer = send({ id: 'a', result: { role: 'assistant' } });
    // A second answer for id 1 (a duplicate) has nothing left to pair with.
    const dup = receive({ id: 1, result: {} });

    expect(req).toMatchObject({
      kind: 'request',
      direction: 'out',
      method: 'tools/call',
      id: 1,
      durationMs: null,
      stream: 'protocol',
    });
    expect(note).toMatchObject({
      kind: 'notification',
      direction: 'in',
      method: 'notifications/message',
      id: null,
    });
    expect(res).toMatchObject({
      kind: 'response',
      method: 'tools/call',
      id: 1,
      durationMs: 125,
      pairSeq: req.seq,
    });
    expect(err).toMatchObject({
      kind: 'error',
      method: 'tools/list',
      durationMs: 125,
      pairSeq: other.seq,
      summary: '-32602 bad cursor',
    });
    expect(answer).toMatchObject({
      kind: 'response',
      direction: 'out',
      method: 'sampling/createMessage',
      durationMs: 10,
      pairSeq: serverReq.seq,
    });
    expect(dup).toMatchObject({ kind: 'response', method: null, durationMs: null, pairSeq: null });
    expect(
      logs
        .log('s')
        .page('s')
        .rows.map((r) => r.seq),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(note.summary).toBe('[info]: hi');
    // Incremental reads: only what came after.
    expect(
      logs
        .log('s')
        .page('s', 6)
        .rows.map((r) => r.seq),
    ).toEqual([7, 8]);
  });

  it('interleaves stderr lines and notes by time, redacted by the hook', () => {
    const logs = new InspectorLogs({ redact: (_s, t) => t.replaceAll('hunter2', '[redacted]') });
    const p = new Pairing();
    logs.note('s', 'Starting stdio: node server.js');
    const split = new LineSplitter((line) => logs.stderr('s', line));
    split.push('booting with token hunter2\nhalf a ');
    logs.message(
      's',
      p,
      'out',
      { id: 1, method: 'initialize' },
      wire({ id: 1, method: 'initialize' }),
    );
    split.push('line\r\n');
    const rows = logs.log('s').page('s').rows;
    expect(rows.map((r) => [r.stream, r.kind, r.summary.slice(0, 30)])).toEqual([
      ['lena', 'note', 'Starting stdio: node server.js'],
      ['stderr', 'stderr', 'booting with token [redacted]'],
      ['protocol', 'request', '{"jsonrpc":"2.0","id":1,"metho'],
      ['stderr', 'stderr', 'half a line'],
    ]);
    expect(logs.log('s').body(2)?.text).toBe('booting with token [redacted]');
  });
});

describe('the bounds', () => {
  it('keeps the last 2,000 rows of a chatty server, and reads bodies by seq after the drop', () => {
    const log = new ServerLog();
    for (let i = 1; i <= 2500; i += 1)
      log.add(
        {
          time: i,
          stream: 'stderr',
          direction: null,
          kind: 'stderr',
          method: null,
          id: null,
          durationMs: null,
          pairSeq: null,
        },
        `line ${i}`,
      );
    const page = log.page('s');
    expect(page.rows).toHaveLength(LOG_LIMITS.rows);
    expect(page.rows[0].summary).toBe('line 501');
    expect(page.firstSeq).toBe(501);
    expect(page.dropped).toBe(500);
    expect(log.body(500)).toBeUndefined();
    expect(log.body(501)?.text).toBe('line 501');
    expect(log.body(2500)?.text).toBe('line 2500');
    // Asking from before the first kept row gives every kept row.
    expect(log.page('s', 10).rows[0].seq).toBe(501);
  });

  it('keeps at most 10 MB: 64 KB bodies push the oldest out long before 2,000 rows', () => {
    const log = new ServerLog();
    const body = 'y'.repeat(100 * 1024);
    for (let i = 0; i < 400; i += 1)
      log.add(
        {
          time: i,
          stream: 'protocol',
          direction: 'in',
          kind: 'response',
          method: 'tools/call',
          id: i,
          durationMs: null,
          pairSeq: null,
        },
        body,
      );
    expect(log.bytes).toBeLessThanOrEqual(LOG_LIMITS.bytes);
    // 10 MB / (64 KB + row cost) rows fit.
    expect(log.size).toBe(Math.floor(LOG_LIMITS.bytes / (LOG_LIMITS.body + 120)));
    const last = log.page('s').rows.at(-1)!;
    expect(last).toMatchObject({ truncated: true, bytes: 100 * 1024 });
    expect(log.body(last.seq)?.text.length).toBe(LOG_LIMITS.body);
  });

  it('cuts a body over 64 KB at a character boundary and says its original size', () => {
    const text = 'é'.repeat(40_000); // 80,000 bytes
    const kept = keepBody(text, LOG_LIMITS.body);
    expect(kept.truncated).toBe(true);
    expect(kept.bytes).toBe(80_000);
    expect(Buffer.byteLength(kept.text)).toBe(LOG_LIMITS.body);
    expect(kept.text).toBe('é'.repeat(LOG_LIMITS.body / 2));
    expect(keepBody('short', LOG_LIMITS.body)).toEqual({
      text: 'short',
      bytes: 5,
      truncated: false,
    });
  });

  it('forgets requests that were never answered beyond a bound, and pairs ids per connection only', () => {
    const p = new Pairing();
    for (let i = 0; i < 1500; i += 1) p.request('out', i, 'ping', i + 1, 0);
    expect(p.answer('in', 0)).toBeUndefined();
    expect(p.answer('in', 1499)).toMatchObject({ method: 'ping', seq: 1500 });
    expect(new Pairing().answer('in', 1499)).toBeUndefined();
  });

  it('cuts a stderr line that never ends into rows of bounded size', () => {
    const lines: string[] = [];
    const split = new LineSplitter((l) => lines.push(l));
    split.push('z'.repeat(40 * 1024));
    expect(lines.map((l) => l.length)).toEqual([16 * 1024, 16 * 1024]);
    split.flush();
    expect(lines.at(-1)?.length).toBe(8 * 1024);
  });
});
