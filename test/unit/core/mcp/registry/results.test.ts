import { describe, expect, it } from 'vitest';
import {
  convertToolResult,
  errorToolResultBlock,
  toToolResultBlock,
} from '../../../../../electron/core/mcp/registry/results';
import type { CallToolResult } from '../../../../../shared/mcp-types';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const texts = (result: CallToolResult, limits = {}) =>
  convertToolResult(result, limits).content.map((b) =>
    b.type === 'text' ? b.text : `<image ${b.source.type === 'base64' ? b.source.media_type : ''}>`,
  );

describe('convertToolResult: content types', () => {
  it('text blocks stay text, empty ones are dropped', () => {
    expect(
      texts({
        content: [
          { type: 'text', text: 'hello' },
          { type: 'text', text: '' },
          { type: 'text', text: 'world' },
        ],
      }),
    ).toEqual(['hello', 'world']);
  });

  it('supported images become base64 image blocks; other image types are described', () => {
    const result = convertToolResult({
      content: [
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'image', data: 'PHN2Zz48L3N2Zz4=', mimeType: 'image/svg+xml' },
      ],
    });
    expect(result.content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG },
    });
    expect(result.content[1]).toEqual({
      type: 'text',
      text: '[image of type image/svg+xml (11 bytes) not shown: the model accepts PNG, JPEG, GIF and WebP]',
    });
  });

  it('accepts image/jpg and upper-case types, and leaves out images without data', () => {
    expect(
      texts({
        content: [
          { type: 'image', data: PNG, mimeType: 'image/jpg' },
          { type: 'image', data: PNG, mimeType: 'IMAGE/PNG' },
        ],
      }),
    ).toEqual(['<image image/jpeg>', '<image image/png>']);
    expect(texts({ content: [{ type: 'image', mimeType: 'image/png' } as never] })).toEqual([
      '[an image without data was left out]',
    ]);
  });

  it('audio, resource links and binary resources are described; embedded text resources are inlined', () => {
    expect(
      texts({
        content: [
          { type: 'audio', data: 'A'.repeat(4096), mimeType: 'audio/wav' },
          {
            type: 'resource_link',
            uri: 'file:///r/readme.md',
            name: 'readme.md',
            mimeType: 'text/markdown',
            size: 2048,
            description: 'Project readme',
          },
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'file body' },
          },
          {
            type: 'resource',
            resource: { uri: 'file:///a.bin', mimeType: 'application/octet-stream', blob: 'AAAA' },
          },
        ],
      }),
    ).toEqual([
      '[audio content: audio/wav, 3 KB; audio cannot be passed to the model]',
      '[resource link: readme.md <file:///r/readme.md> (text/markdown, 2 KB): Project readme]',
      '[resource <file:///a.txt> (text/plain)]\nfile body',
      '[embedded resource <file:///a.bin> (application/octet-stream): 3 bytes of binary data, not shown to the model]',
    ]);
  });

  it('structuredContent is added as JSON only when no text block carries it', () => {
    const structured = { temperature: 21.5, unit: 'C' };
    expect(
      texts({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: structured }),
    ).toEqual(['Sunny', '{"temperature":21.5,"unit":"C"}']);
    expect(
      texts({
        content: [{ type: 'text', text: '{\n  "unit": "C",\n  "temperature": 21.5\n}' }],
        structuredContent: structured,
      }),
    ).toEqual(['{\n  "unit": "C",\n  "temperature": 21.5\n}']);
    expect(texts({ content: [], structuredContent: structured })).toEqual([
      '{"temperature":21.5,"unit":"C"}',
    ]);
    // Every value already in the text (the filesystem server's shape): not doubled.
    expect(
      texts({
        content: [{ type: 'text', text: 'file body' }],
        structuredContent: { content: 'file body' },
      }),
    ).toEqual(['file body']);
    // Only some values in the text: the JSON is added.
    expect(
      texts({
        content: [{ type: 'text', text: 'It is 21.5 degrees' }],
        structuredContent: structured,
      }),
    ).toEqual(['It is 21.5 degrees', '{"temperature":21.5,"unit":"C"}']);
  });

  it('keeps isError, and never returns empty content', () => {
    const failed = toToolResultBlock('toolu_1', {
      content: [{ type: 'text', text: 'ENOENT: no such file' }],
      isError: true,
    });
    expect(failed.block).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'text', text: 'ENOENT: no such file' }],
      is_error: true,
    });
    expect(toToolResultBlock('toolu_2', { content: [] }).block).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content: [{ type: 'text', text: '(the tool returned no content)' }],
    });
    expect(texts({ content: [], isError: true })).toEqual([
      '(the tool reported an error without details)',
    ]);
    expect(errorToolResultBlock('toolu_3', 'Invalid arguments')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_3',
      content: [{ type: 'text', text: 'Invalid arguments' }],
      is_error: true,
    });
  });

  it('unknown content types from newer servers are named, not dropped silently', () => {
    expect(texts({ content: [{ type: 'hologram' } as never] })).toEqual([
      '[unsupported content of type "hologram" left out]',
    ]);
  });
});

describe('convertToolResult: caps', () => {
  it('a 5 MB text result reaches the model truncated with a marker; the original is untouched', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const original: CallToolResult = { content: [{ type: 'text', text: big }] };
    const converted = convertToolResult(original);
    expect(converted.truncated).toEqual({ cutChars: big.length - 100_000, totalChars: big.length });
    expect(converted.content).toHaveLength(2);
    expect(converted.content[0]).toEqual({ type: 'text', text: 'x'.repeat(100_000) });
    expect(converted.content[1]).toEqual({
      type: 'text',
      text: `[truncated ${big.length - 100_000} of ${big.length} characters]`,
    });
    expect((original.content[0] as { text: string }).text.length).toBe(big.length);
  });

  it('the text budget spans blocks, later text blocks are dropped, and images are kept', () => {
    const result = texts(
      {
        content: [
          { type: 'text', text: 'a'.repeat(6) },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'text', text: 'b'.repeat(6) },
          { type: 'text', text: 'c'.repeat(6) },
        ],
      },
      { maxTextChars: 10 },
    );
    expect(result).toEqual([
      'aaaaaa',
      '<image image/png>',
      'bbbb',
      '[truncated 8 of 18 characters]',
    ]);
  });

  it('never cuts through a surrogate pair', () => {
    expect(texts({ content: [{ type: 'text', text: 'ab😀cd' }] }, { maxTextChars: 3 })).toEqual([
      'ab',
      '[truncated 4 of 6 characters]',
    ]);
  });

  it('dozens of images are capped with a note', () => {
    const content = Array.from({ length: 40 }, () => ({
      type: 'image' as const,
      data: PNG,
      mimeType: 'image/png',
    }));
    const converted = convertToolResult({ content });
    expect(converted.content.filter((b) => b.type === 'image')).toHaveLength(10);
    expect(converted.omittedImages).toBe(30);
    expect(converted.content.at(-1)).toEqual({
      type: 'text',
      text: '[30 more images left out: at most 10 images and 10.0 MB of images per tool result]',
    });
  });

  it('huge base64 images are described instead of sent, and the total image size is capped', () => {
    const sixMb = 'A'.repeat(Math.ceil((6 * 1024 * 1024 * 4) / 3));
    expect(texts({ content: [{ type: 'image', data: sixMb, mimeType: 'image/jpeg' }] })).toEqual([
      '[image (image/jpeg, 6.0 MB) not shown: larger than the 5.0 MB limit per image]',
    ]);
    const fourMb = 'A'.repeat(Math.ceil((4 * 1024 * 1024 * 4) / 3));
    const converted = convertToolResult({
      content: Array.from({ length: 3 }, () => ({
        type: 'image' as const,
        data: fourMb,
        mimeType: 'image/webp',
      })),
    });
    expect(converted.content.filter((b) => b.type === 'image')).toHaveLength(2);
    expect(converted.omittedImages).toBe(1);
  });
});
