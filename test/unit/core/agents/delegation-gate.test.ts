// One gate for delegations: the only modules that start or follow a delegation (agents/follow's
// `delegate`) are the chat's agent tools and the resume after a restart, each inside the ticket
// the gate hands back for origin 'delegation'. A new caller fails this scan.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

describe('delegations pass the one gate', () => {
  it('only the agent tools and the resume start a delegation, each through its ticket', () => {
    const callers = sources(join(ROOT, 'electron'))
      .filter((f) => /from '(\.\.\/)+agents\/follow'/.test(readFileSync(f, 'utf8')))
      .filter((f) => /\bdelegate\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f).split('\\').join('/'))
      .sort();
    expect(callers).toEqual([
      'electron/core/chat/agent-resume.ts',
      'electron/core/chat/agent-tools.ts',
    ]);
    for (const file of callers) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).toMatch(/origin: 'delegation'/);
      // Every call of delegate() is the body of the gate's ticket.
      const calls = text.match(/\bdelegate\(/g)?.length ?? 0;
      const ticketed = text.match(/\.delegate\(\(\) =>\s*\n?\s*delegate\(/g)?.length ?? 0;
      expect(ticketed, file).toBe(calls - ticketed);
    }
  });
});
