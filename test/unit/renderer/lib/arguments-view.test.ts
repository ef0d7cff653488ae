import { describe, expect, it } from 'vitest';
import { FOLD_CHARS, layoutArguments } from '../../../../renderer/lib/arguments-view';

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

describe('layoutArguments', () => {
  it('leaves short arguments as they are', () => {
    const layout = layoutArguments(pretty({ path: 'a.txt', limit: 3 }));
    expect(layout?.json).toBe(pretty({ path: 'a.txt', limit: 3 }));
    expect(layout?.blocks).toEqual([]);
    expect(layout?.write).toBeNull();
  });

  it('folds a multi-line string to its first line and shows it whole as a text block', () => {
    const content = '# Plan\nstep one\nstep two\n';
    const layout = layoutArguments(pretty({ path: 'notes/plan.md', content }))!;
    expect(layout.json).toContain('"content": "# Plan…" ⟨4 lines, shown below⟩');
    expect(layout.json).toContain('"path": "notes/plan.md"');
    expect(layout.blocks).toEqual([{ path: 'content', text: content, lines: 4 }]);
    expect(layout.write).toEqual({ path: 'notes/plan.md', diff: null });
  });

  it('folds a long one-line string and names nested places', () => {
    const long = 'x'.repeat(FOLD_CHARS + 1);
    const layout = layoutArguments(pretty({ items: [{ body: long }] }))!;
    expect(layout.blocks.map((b) => b.path)).toEqual(['items[0].body']);
    expect(layout.json).toContain(`${FOLD_CHARS + 1} characters, shown below`);
  });

  it('turns edits into a diff of removed and added lines', () => {
    const layout = layoutArguments(
      pretty({
        path: 'a.ts',
        edits: [{ oldText: 'let a = 1;\nlet b = 2;', newText: 'const a = 1;' }],
      }),
    )!;
    expect(layout.write?.path).toBe('a.ts');
    expect(layout.write?.diff).toEqual([
      { kind: 'del', text: 'let a = 1;' },
      { kind: 'del', text: 'let b = 2;' },
      { kind: 'add', text: 'const a = 1;' },
    ]);
  });

  it('keeps marked hidden characters inside the folded text', () => {
    const layout = layoutArguments(pretty({ content: 'line one⟦U+200B⟧\nline two' }))!;
    expect(layout.blocks[0].text).toContain('⟦U+200B⟧');
  });

  it('gives up on text that is not a JSON object (the raw text is shown)', () => {
    expect(layoutArguments('not json')).toBeNull();
    expect(layoutArguments('[1, 2]')).toBeNull();
  });
});
