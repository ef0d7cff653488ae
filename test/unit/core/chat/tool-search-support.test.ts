// Which models and endpoints take the API's tool search: the documented models, a refusal told
// apart from other 400s and remembered per base URL in a file that survives restarts and expires.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isToolSearchRefusal,
  modelSupportsToolSearch,
  REFUSAL_TTL_MS,
  ToolSearchSupport,
} from '../../../../electron/core/chat/tool-search/support';

describe('tool search support', () => {
  it('knows the models of the documentation, dated ids included', () => {
    expect(modelSupportsToolSearch('claude-sonnet-4-5-20250929')).toBe(true);
    expect(modelSupportsToolSearch('claude-sonnet-4-6')).toBe(true);
    expect(modelSupportsToolSearch('claude-3-haiku-20240307')).toBe(false);
  });

  it('recognises a refusal of tool search, not other 400s, and remembers it per base URL', () => {
    const refusal = {
      status: 400,
      error: {
        error: {
          type: 'invalid_request_error',
          message:
            "tools.0: Input tag 'tool_search_tool_bm25_20251119' found using 'type' does not match any of the expected tags",
        },
      },
    };
    expect(isToolSearchRefusal(refusal)).toBe(true);
    expect(
      isToolSearchRefusal({
        status: 400,
        error: { error: { message: 'temperature: Extra inputs are not permitted' } },
      }),
    ).toBe(false);
    const support = new ToolSearchSupport();
    expect(support.mode('claude-sonnet-4-6', 'http://proxy')).toBe('native');
    support.markRefused('http://proxy', 'claude-sonnet-4-6');
    expect(support.mode('claude-sonnet-4-6', 'http://proxy')).toBe('client');
    expect(support.mode('claude-sonnet-4-6', null)).toBe('native');
  });

  it('keeps a refusal across starts in its file, and tries again after a model change or a week', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lena-tool-search-')), 'tool-search.json');
    let now = Date.parse('2026-12-01T12:00:00Z');
    const start = () => new ToolSearchSupport({ file, now: () => now });
    start().markRefused('http://proxy', 'claude-sonnet-4-6');
    await expect.poll(() => existsSync(file)).toBe(true);
    // The next start does not send the refused request blindly.
    expect(start().mode('claude-sonnet-4-6', 'http://proxy')).toBe('client');
    expect(start().refused()).toEqual(['http://proxy']);
    // Another model on the same endpoint is tried again; so is the same one after the TTL.
    expect(start().mode('claude-opus-4-6', 'http://proxy')).toBe('native');
    now += REFUSAL_TTL_MS - 1;
    expect(start().mode('claude-sonnet-4-6', 'http://proxy')).toBe('client');
    now += 2;
    expect(start().mode('claude-sonnet-4-6', 'http://proxy')).toBe('native');
    expect(start().refused()).toEqual([]);
  });

  it('a broken refusal file means no refusal (Lena tries again), never a failed start', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lena-tool-search-')), 'tool-search.json');
    writeFileSync(file, '{ "refused": [ ');
    expect(new ToolSearchSupport({ file }).mode('claude-sonnet-4-6', 'http://proxy')).toBe(
      'native',
    );
    writeFileSync(file, JSON.stringify({ refused: [{ baseUrl: 'http://proxy' }] }));
    expect(new ToolSearchSupport({ file }).mode('claude-sonnet-4-6', 'http://proxy')).toBe(
      'native',
    );
  });
});
