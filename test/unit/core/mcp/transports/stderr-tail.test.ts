// The stderr tail under a failure keeps the line that names the error, not only the noise after it.
import { describe, expect, it } from 'vitest';
import { StderrTail } from '../../../../../electron/core/mcp/transports/stderr-tail';

describe('StderrTail', () => {
  it('keeps the first error line when later output pushed it out of the tail', () => {
    const t = new StderrTail(200);
    t.push(Buffer.from('starting\nError: Cannot find module '));
    t.push(Buffer.from("'left-pad'\n"));
    for (let i = 0; i < 50; i++) t.push(Buffer.from(`    at frame ${i} (node:internal/modules)\n`));
    const text = t.text();
    expect(text.split('\n')[0]).toBe("Error: Cannot find module 'left-pad'");
    expect(text).toMatch(/bytes of stderr not kept/);
    expect(text.trimEnd().endsWith('at frame 49 (node:internal/modules)')).toBe(true);
  });

  it('shows the tail alone while the error line is still in it, or when there is none', () => {
    const t = new StderrTail(1000);
    t.push(Buffer.from('Error: bad config\nexiting\n'));
    expect(t.text()).toBe('Error: bad config\nexiting\n');
    const quiet = new StderrTail(20);
    quiet.push(Buffer.from('x'.repeat(100)));
    expect(quiet.text()).toBe('x'.repeat(20));
  });
});
