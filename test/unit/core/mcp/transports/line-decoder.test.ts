// Framing of stdout: lines cut on newline bytes, characters split across chunks intact, and a
// line past the limit dropped with a single overflow report.
import { describe, expect, it } from 'vitest';
import { LineDecoder } from '../../../../../electron/core/mcp/transports/line-decoder';

function decode(
  chunks: Buffer[],
  max = 1024,
): { lines: string[]; overflow: number[]; held: number } {
  const lines: string[] = [];
  const overflow: number[] = [];
  const d = new LineDecoder(
    max,
    (b, s, e) => lines.push(b.toString('utf8', s, e)),
    (n) => overflow.push(n),
  );
  for (const c of chunks) d.push(c);
  return { lines, overflow, held: d.bufferedBytes };
}

describe('LineDecoder', () => {
  it('reassembles lines whose multi-byte characters are split across one-byte chunks', () => {
    const text = '{"t":"日本語 👩‍💻 Grüße"}\n{"n":2}\n';
    const bytes = Buffer.from(text);
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    expect(decode(chunks).lines).toEqual(['{"t":"日本語 👩‍💻 Grüße"}', '{"n":2}']);
  });

  it('splits several lines in one chunk and keeps the unfinished tail for later', () => {
    const r = decode([Buffer.from('a\nb\nc'), Buffer.from('d\n')]);
    expect(r.lines).toEqual(['a', 'b', 'cd']);
    expect(r.held).toBe(0);
  });

  it('reports a line longer than the limit once, then ignores everything, holding nothing', () => {
    const r = decode(
      [Buffer.alloc(600, 0x61), Buffer.alloc(600, 0x61), Buffer.from('\n{"late":1}\n')],
      1000,
    );
    expect(r.overflow).toEqual([1200]);
    expect(r.lines).toEqual([]);
    expect(r.held).toBe(0);
  });

  it('accepts a line of exactly the limit', () => {
    const r = decode([Buffer.alloc(1000, 0x62), Buffer.from('\n')], 1000);
    expect(r.lines[0].length).toBe(1000);
    expect(r.overflow).toEqual([]);
  });
});
