// The stderr tail: the last N bytes whatever the chunk sizes.
import { describe, expect, it } from 'vitest';
import { ByteRing } from '../../../../../electron/core/mcp/transports/ring-buffer';

describe('ByteRing', () => {
  it('keeps everything while under capacity', () => {
    const r = new ByteRing(16);
    r.push(Buffer.from('hello '));
    r.push(Buffer.from('world'));
    expect(r.text()).toBe('hello world');
  });

  it('keeps the last bytes across wrap-arounds and oversized chunks', () => {
    const r = new ByteRing(10);
    let all = '';
    for (const piece of ['abc', 'defgh', 'ijklmnop', 'q', 'rstuvwxyz0123456789', 'AB']) {
      r.push(Buffer.from(piece));
      all += piece;
      expect(r.text()).toBe(all.slice(-10));
    }
    expect(r.totalBytes).toBe(all.length);
  });

  it('drops a character cut in half at the start of the window', () => {
    const r = new ByteRing(5);
    r.push(Buffer.from('xxé1234')); // é is two bytes; the window starts in its middle
    expect(r.text()).toBe('1234');
  });
});
