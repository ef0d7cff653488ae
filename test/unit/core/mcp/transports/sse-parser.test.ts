// The SSE parser sees what a server sends, cut into arbitrary chunks.
import { describe, expect, it } from 'vitest';
import {
  SseParser,
  SseEventTooLargeError,
  type SseEvent,
} from '../../../../../electron/core/mcp/transports/sse-parser';

function parse(
  chunks: (string | Uint8Array)[],
  maxEventBytes?: number,
): { events: SseEvent[]; retries: number[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = new SseParser({
    onEvent: (e) => events.push(e),
    onRetry: (ms) => retries.push(ms),
    maxEventBytes,
  });
  for (const c of chunks) parser.push(c);
  parser.end();
  return { events, retries, parser };
}

describe('SseParser', () => {
  it('reads event, id, multi-line data and retry, and skips comments', () => {
    const { events, retries } = parse([
      ': keep-alive\nevent: message\nid: 7\nretry: 500\ndata: {"a":\ndata: 1}\n\n',
    ]);
    expect(events).toEqual([{ event: 'message', data: '{"a":\n1}', id: '7' }]);
    expect(retries).toEqual([500]);
  });

  it('treats CRLF, CR and LF alike, even when a CRLF is split between chunks', () => {
    const { events } = parse(['data: one\r', '\n\r', '\ndata: two\r\rdata: three\n\n']);
    expect(events.map((e) => e.data)).toEqual(['one', 'two', 'three']);
  });

  it('keeps a multi-byte character split across chunks intact', () => {
    const bytes = new TextEncoder().encode('data: héllo 👋\n\n');
    const { events } = parse(Array.from(bytes, (b) => new Uint8Array([b])));
    expect(events[0].data).toBe('héllo 👋');
  });

  it('keeps the last event id for later events and reports an id-only priming event', () => {
    const { events, parser } = parse([
      'id: p1\nretry: 10\ndata: \n\n',
      'data: x\n\n',
      'id: p2\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: '', id: 'p1' },
      { event: 'message', data: 'x', id: 'p1' },
    ]);
    expect(parser.lastId).toBe('p2');
  });

  it('ignores a retry that is not a number, unknown fields, and an event cut off by the end of the stream', () => {
    const { events, retries } = parse([
      'retry: soon\nfoo: bar\ndata: complete\n\n',
      'data: cut off',
    ]);
    expect(retries).toEqual([]);
    expect(events.map((e) => e.data)).toEqual(['complete']);
  });

  it('uses the field name alone when a line has no colon, and strips a leading BOM', () => {
    const { events } = parse(['\uFEFFevent: endpoint\ndata\n\n']);
    expect(events).toEqual([{ event: 'endpoint', data: '', id: undefined }]);
  });

  it('refuses an event larger than the limit instead of buffering it without bound', () => {
    const parser = new SseParser({ onEvent: () => undefined, maxEventBytes: 1024 });
    expect(() => {
      for (let i = 0; i < 100; i++) parser.push(`data: ${'x'.repeat(100)}\n`);
    }).toThrow(SseEventTooLargeError);
    const noNewline = new SseParser({ onEvent: () => undefined, maxEventBytes: 1024 });
    expect(() => noNewline.push('data: ' + 'y'.repeat(2000))).toThrow(/exceeded 1024 bytes/);
  });
});
