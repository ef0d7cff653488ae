// The HTTP/1.1 response parser, fed responses cut at every possible byte.
import { describe, expect, it } from 'vitest';
import {
  Http1ResponseParser,
  HttpParseError,
  type ResponseHead,
} from '../../../../../electron/core/mcp/transports/http1-parser';

function parse(
  raw: string | Buffer,
  cut = 0,
): { head?: ResponseHead; body: string; ended: boolean; parser: Http1ResponseParser } {
  const out = { head: undefined as ResponseHead | undefined, chunks: [] as Buffer[], ended: false };
  const parser = new Http1ResponseParser({
    onHead: (h) => (out.head = h),
    onData: (c) => out.chunks.push(Buffer.from(c)),
    onEnd: () => (out.ended = true),
  });
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
  if (cut === 0) parser.push(bytes);
  else for (let i = 0; i < bytes.length; i += cut) parser.push(bytes.subarray(i, i + cut));
  return {
    head: out.head,
    body: Buffer.concat(out.chunks).toString('utf8'),
    ended: out.ended,
    parser,
  };
}

const chunked =
  'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n8\r\ndata: é\r\n3;ext=1\r\n\n\n\n\r\n0\r\nX-Trailer: 1\r\n\r\n';

describe('Http1ResponseParser', () => {
  it.each([0, 1, 2, 3, 7])(
    'reads a chunked body with extensions and trailers, cut every %i bytes',
    (cut) => {
      const r = parse(chunked, cut);
      expect(r.head).toMatchObject({
        status: 200,
        statusText: 'OK',
        keepAlive: true,
        headers: { 'content-type': 'text/event-stream' },
      });
      expect(r.body).toBe('data: é\n\n\n');
      expect(r.ended).toBe(true);
      expect(r.parser.reusable()).toBe(true);
    },
  );

  it('reads a Content-Length body and keeps multi-byte characters split across pieces intact', () => {
    const body = JSON.stringify({ text: 'héllo 👋' });
    const r = parse(
      `HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      1,
    );
    expect(JSON.parse(r.body)).toEqual({ text: 'héllo 👋' });
    expect(r.ended).toBe(true);
  });

  it('skips 1xx interim responses, ends 202/204 without a body, and joins repeated headers', () => {
    const r = parse(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 0\r\nVary: a\r\nVary: b\r\n\r\n',
    );
    expect(r.head).toMatchObject({ status: 202, headers: { vary: 'a, b' } });
    expect(r.ended).toBe(true);
    expect(parse('HTTP/1.1 204 No Content\r\n\r\n').ended).toBe(true);
  });

  it('reads a body without length until the connection ends, and then the connection is not reused', () => {
    const r = parse('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\npartial');
    expect(r.ended).toBe(false);
    r.parser.eof();
    expect(r.head?.keepAlive).toBe(false);
    expect(r.parser.reusable()).toBe(false);
  });

  it('fails when the connection ends mid-body, and on bytes that are not HTTP', () => {
    const r = parse('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
    expect(() => r.parser.eof()).toThrow(/closed before the response ended/);
    expect(() => parse('SSH-2.0-OpenSSH\r\n\r\n')).toThrow(HttpParseError);
    expect(() => parse('HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n')).toThrow(
      /invalid Content-Length/,
    );
    expect(() => parse('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toThrow(
      /invalid chunk size/,
    );
  });

  it('refuses headers larger than 64 KiB instead of buffering them without bound', () => {
    expect(() => parse(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(70_000)}`)).toThrow(/exceed 64 KiB/);
  });

  it('does not reuse a connection that sent bytes after the end of the response', () => {
    const r = parse('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA');
    expect(r.body).toBe('ok');
    expect(r.parser.reusable()).toBe(false);
  });
});
