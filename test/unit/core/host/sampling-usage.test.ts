// Issue 17: sampling uses the user's key and counts toward usage; the tally per server survives a
// restart of Lena, and a damaged file starts the tally again instead of failing the start.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SamplingUsage } from '../../../../electron/core/host/sampling-usage';

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('sampling usage per server', () => {
  it('adds each answered request (cache tokens count as input) and keeps the tally across a restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lena-usage-'));
    const file = join(dir, 'sampling-usage.json');
    const first = await SamplingUsage.open(file);
    expect(first.get('every')).toBeNull();
    await first.add('every', { input_tokens: 20, output_tokens: 7, cache_read_input_tokens: 5 });
    await first.add('every', { input_tokens: 10, output_tokens: 3 });
    await first.add('other', { input_tokens: 1, output_tokens: 1 });
    const again = await SamplingUsage.open(file);
    expect(again.get('every')).toMatchObject({ requests: 2, inputTokens: 35, outputTokens: 10 });
    await again.reset('every');
    expect((await SamplingUsage.open(file)).get('every')).toBeNull();
    expect((await SamplingUsage.open(file)).get('other')).toMatchObject({ requests: 1 });
  });

  it('a damaged file starts the tally again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lena-usage-'));
    const file = join(dir, 'sampling-usage.json');
    writeFileSync(file, '{"every": {"requests": "lots"');
    const usage = await SamplingUsage.open(file);
    expect(usage.get('every')).toBeNull();
    await usage.add('every', { input_tokens: 4, output_tokens: 2 });
    expect((await SamplingUsage.open(file)).get('every')).toMatchObject({
      requests: 1,
      inputTokens: 4,
      outputTokens: 2,
    });
  });
});
