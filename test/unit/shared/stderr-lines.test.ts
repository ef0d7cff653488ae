// One rule says which stderr lines name an error, for core's stderr tail and the window's
// failure note alike.
import { describe, expect, it } from 'vitest';
import { StderrTail } from '../../../electron/core/mcp/transports/stderr-tail';
import { errorLines, isErrorLine } from '../../../shared/stderr-lines';

describe('stderr error lines', () => {
  it.each([
    "TypeError: Cannot read properties of undefined (reading 'x')",
    'java.lang.RuntimeException: boom',
    "thread 'main' panicked at src/main.rs:2:5",
    'spawn ENOENT',
    'listen EADDRINUSE: address already in use :::3000',
    'open /etc/x: no such file or directory',
    'connect ECONNREFUSED 127.0.0.1:5432: connection refused',
  ])('names %j as an error line', (line) => expect(isErrorLine(line)).toBe(true));

  it('leaves ordinary lines alone', () => {
    expect(isErrorLine('Server listening on stdio')).toBe(false);
    expect(isErrorLine('    at frame 3 (node:internal/modules)')).toBe(false);
  });

  it('core keeps the same first line the window shows', () => {
    const stderr = 'starting\nlisten EADDRINUSE: address already in use :::3000\n';
    const tail = new StderrTail(40);
    tail.push(Buffer.from(stderr));
    for (let i = 0; i < 5; i++) tail.push(Buffer.from(`retrying in ${i} s\n`));
    expect(tail.text().split('\n')[0]).toBe(errorLines(stderr)[0]);
  });

  it('falls back to the last three lines when none names an error', () => {
    expect(errorLines('a\nb\n\nc\nd\n')).toEqual(['b', 'c', 'd']);
  });
});
