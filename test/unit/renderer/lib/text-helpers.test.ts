import { describe, expect, it } from 'vitest';
import { checkAttachment, MAX_IMAGE_BYTES } from '../../../../renderer/lib/attachments';
import { tokenize } from '../../../../renderer/lib/highlight';
import { hasInvisible, markInvisible } from '../../../../renderer/lib/invisible';
import { splitMarkdownBlocks } from '../../../../renderer/lib/markdown-blocks';

describe('flagging invisible characters', () => {
  it('turns zero-width, bidi, tag and control characters into flagged markers, as core scans them', () => {
    const segs = markInvisible('a\u200bb\u202ec\u001b[31md\u{E0041}\u3164');
    // ANSI sequences and tag runs as one marker each, and blank letters too: the permission dialog's rule.
    expect(segs.filter((s) => s.flagged).map((s) => s.text)).toEqual([
      '⟦U+200B⟧',
      '⟦U+202E⟧',
      '⟦ESC[31m⟧',
      '⟦tag characters: "A"⟧',
      '⟦U+3164⟧',
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(
      'a⟦U+200B⟧b⟦U+202E⟧c⟦ESC[31m⟧d⟦tag characters: "A"⟧⟦U+3164⟧',
    );
  });
  it('flags a lone carriage return but not the end of a CRLF line', () => {
    expect(hasInvisible('one\r\ntwo')).toBe(false);
    expect(
      markInvisible('safe\revil')
        .filter((s) => s.flagged)
        .map((s) => s.text),
    ).toEqual(['⟦U+000D⟧']);
  });
  it('flags markers core already inserted', () => {
    expect(markInvisible('read ⟦U+200B⟧ me')).toEqual([
      { text: 'read ', flagged: false },
      { text: '⟦U+200B⟧', flagged: true },
      { text: ' me', flagged: false },
    ]);
  });
  it('leaves ordinary text, emoji and accents alone', () => {
    const text = 'Grüße 👋 — line\n\ttab';
    expect(hasInvisible(text)).toBe(false);
    expect(markInvisible(text)).toEqual([{ text, flagged: false }]);
  });
});

describe('code highlighting', () => {
  it('keeps the text exactly and finds keys, strings, numbers and keywords', () => {
    const code = '{"a": "b", "n": 1.5, "t": true} // note';
    const tokens = tokenize(code, 'js');
    expect(tokens.map((t) => t.text).join('')).toBe(code);
    expect(tokens.find((t) => t.text === '"a"')?.kind).toBe('key');
    expect(tokens.find((t) => t.text === '"b"')?.kind).toBe('string');
    expect(tokens.find((t) => t.text === '1.5')?.kind).toBe('number');
    expect(tokens.find((t) => t.text === 'true')?.kind).toBe('keyword');
    expect(tokens.find((t) => t.text === '// note')?.kind).toBe('comment');
  });
  it('treats # as a comment only where the language does', () => {
    expect(tokenize('x = 1 # c', 'python').some((t) => t.kind === 'comment')).toBe(true);
    expect(tokenize('#include <a>', 'c').some((t) => t.kind === 'comment')).toBe(false);
  });
});

describe('attachment limits', () => {
  it('takes images up to 5 MB and text files up to 1 MB', () => {
    expect(checkAttachment({ name: 'a.png', type: 'image/png', size: 1000 })).toEqual({
      ok: true,
      kind: 'image',
      mimeType: 'image/png',
    });
    expect(checkAttachment({ name: 'notes.md', type: '', size: 1000 })).toEqual({
      ok: true,
      kind: 'text',
      mimeType: 'text/plain',
    });
  });
  it('says why a file is refused and what to do', () => {
    const big = checkAttachment({
      name: 'photo.jpg',
      type: 'image/jpeg',
      size: MAX_IMAGE_BYTES + 1,
    });
    expect(big).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at most 5 MB.*Resize/),
    });
    expect(
      checkAttachment({ name: 'log.txt', type: 'text/plain', size: 2 * 1024 * 1024 }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/at most 1 MB/) });
    expect(checkAttachment({ name: 'a.heic', type: 'image/heic', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/PNG, JPEG, GIF and WebP/),
    });
    expect(checkAttachment({ name: 'a.zip', type: 'application/zip', size: 10 })).toMatchObject({
      ok: false,
    });
  });
});

describe('splitting streaming Markdown into blocks', () => {
  it('splits at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nA paragraph\nstill it.\n\n- a\n- b')).toEqual([
      '# Title',
      'A paragraph\nstill it.',
      '- a\n- b',
    ]);
  });
  it('never splits inside a code fence, even one still open', () => {
    const text =
      'Before\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter\n\n```\nopen\n\nfence';
    expect(splitMarkdownBlocks(text)).toEqual([
      'Before',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      'After',
      '```\nopen\n\nfence',
    ]);
  });
  it('keeps a trailing partial block and an empty text', () => {
    expect(splitMarkdownBlocks('One\n\nTw')).toEqual(['One', 'Tw']);
    expect(splitMarkdownBlocks('')).toEqual(['']);
  });
});
