import { describe, expect, it } from 'vitest';
import { redact } from '../../../../electron/core/base/redact';

describe('redact', () => {
  it('replaces known secret values, also URL-encoded, longest first', () => {
    const secret = 'p@ss/word+1';
    const line = `env TOKEN=${secret} url=https://x/?t=${encodeURIComponent(secret)} other=p@ss/word`;
    expect(redact(line, [secret, 'p@ss/word'])).toBe(
      'env TOKEN=[redacted] url=https://x/?t=[redacted] other=[redacted]',
    );
  });

  it('ignores empty and very short secrets instead of shredding the text', () => {
    expect(redact('a b c 1 2', ['', 'a', '1', undefined, null])).toBe('a b c 1 2');
  });

  it('hides credential header values in header, JSON and query forms', () => {
    expect(redact('Authorization: Bearer abc.def.ghi')).toBe('Authorization: [redacted]');
    expect(redact('x-api-key: my-key-123\nAccept: */*')).toBe('x-api-key: [redacted]\nAccept: */*');
    expect(redact('{"mcp-session-id":"1868a90c-aa","accept":"json"}')).toBe(
      '{"mcp-session-id":"[redacted]","accept":"json"}',
    );
    expect(redact('Mcp-Session-Id: 1868a90c')).toBe('Mcp-Session-Id: [redacted]');
    expect(redact("headers: { authorization: 'Basic dXNlcjpwYXNz' }")).toBe(
      "headers: { authorization: '[redacted]' }",
    );
    expect(redact('GET /x?api_key=abcdef&y=1')).toBe('GET /x?api_key=[redacted]&y=1');
  });

  it('hides Bearer tokens and sk-ant keys anywhere', () => {
    expect(redact('sent Bearer eyJhbGciOi.payload.sig to server')).toBe(
      'sent Bearer [redacted] to server',
    );
    expect(redact('key is sk-ant-api03-AbC_dEf-123456789, ok')).toBe('key is [redacted], ok');
  });

  it('leaves ordinary text alone', () => {
    const text =
      'The server "fs" returned 3 files; apiKeySet: true; authorization required to continue.';
    expect(redact(text)).toBe(text);
  });
});
