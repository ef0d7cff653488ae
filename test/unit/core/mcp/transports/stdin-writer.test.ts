// Writes to a server's stdin: in order, batched, and held back while the pipe is full.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdinWriter } from '../../../../../electron/core/mcp/transports/stdin-writer';

/** A pipe that accepts 64 bytes before it reports itself full, and drains slowly. */
function slowPipe(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _enc, done) {
      writes.push(chunk.toString());
      setTimeout(done, 5);
    },
  });
  return { stream, writes };
}

describe('StdinWriter', () => {
  it('keeps the order of messages and sends those of one tick in at most two writes', async () => {
    const { stream, writes } = slowPipe();
    const w = new StdinWriter(stream, () => new Error('closed'));
    await Promise.all(['{"a":1}', '{"b":2}', '{"c":3}', '{"d":4}'].map((m) => w.write(m)));
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(writes.join('')).toBe('{"a":1}\n{"b":2}\n{"c":3}\n{"d":4}\n');
    expect(writes.length).toBeLessThanOrEqual(2);
  });

  it('holds messages while the pipe is full and resolves them only once written', async () => {
    const { stream, writes } = slowPipe();
    const w = new StdinWriter(stream, () => new Error('closed'));
    const big = JSON.stringify({ fill: 'x'.repeat(200) });
    const first = w.write(big);
    let laterDone = false;
    await Promise.resolve();
    const later = w.write('{"later":true}').then(() => (laterDone = true));
    expect(stream.writableNeedDrain).toBe(true);
    expect(laterDone).toBe(false);
    await Promise.all([first, later]);
    expect(writes.join('')).toBe(`${big}\n{"later":true}\n`);
  });

  it('rejects queued and new messages once the process is gone', async () => {
    const { stream } = slowPipe();
    const w = new StdinWriter(stream, () => new Error('the server process exited with code 1'));
    void w.write(JSON.stringify({ fill: 'x'.repeat(200) }));
    await Promise.resolve();
    const queued = w.write('{"queued":1}');
    w.fail();
    await expect(queued).rejects.toThrow('exited with code 1');
    await expect(w.write('{"after":1}')).rejects.toThrow('exited with code 1');
  });
});
