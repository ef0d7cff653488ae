import { describe, expect, it } from 'vitest';
import { linkRisks, toolResultTexts } from '../../../../renderer/lib/link-risk';

describe('which links ask before opening', () => {
  it('opens plain links at once: words, the same address, the same site without a path', () => {
    expect(linkRisks('https://example.com/docs', 'the docs')).toEqual([]);
    expect(linkRisks('https://example.com/docs', 'https://example.com/docs')).toEqual([]);
    expect(linkRisks('https://www.example.com/docs/', 'example.com/docs')).toEqual([]);
    expect(linkRisks('https://example.com/docs', 'example.com')).toEqual([]);
  });
  it('asks when the text shows another site or another address', () => {
    expect(linkRisks('https://evil.invalid/steal', 'https://bank.example.com/login')[0]).toMatch(
      /opens a different site: evil\.invalid/,
    );
    expect(linkRisks('https://evil.invalid/', 'Log in at www.bank.example now')[0]).toMatch(
      /www\.bank\.example/,
    );
    expect(linkRisks('https://example.com/b', 'https://example.com/a')[0]).toMatch(
      /another address on that site/,
    );
  });
  it('asks for look-alike (punycode) hosts', () => {
    expect(linkRisks('https://xn--pple-43d.com/', 'Apple')[0]).toMatch(/international letters/);
  });
  it('asks when the host appears in a tool result of the conversation', () => {
    const texts = toolResultTexts(
      { a: { result: { content: [{ type: 'text', text: 'See https://Report.invalid/q3' }] } } },
      [],
    );
    expect(linkRisks('https://report.invalid/q3?ref=chat', 'the Q3 report', texts)).toEqual([
      expect.stringMatching(/came from a tool result/),
    ]);
    expect(linkRisks('https://other.invalid/', 'other', texts)).toEqual([]);
  });
});
