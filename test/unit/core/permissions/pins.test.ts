import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definitionHash, PinStore } from '../../../../electron/core/permissions/pins';
import { tool } from './requests';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-pins-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pinned tool definitions', () => {
  it('hash ignores key order but not content', () => {
    const a = tool('read', {
      inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } },
    });
    const b = tool('read', {
      inputSchema: { properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' },
    });
    expect(definitionHash(a)).toBe(definitionHash(b));
    expect(definitionHash(a)).not.toBe(
      definitionHash({ ...a, annotations: { readOnlyHint: true } }),
    );
  });

  it('a new tool is unpinned; a pinned one matches; each changed field is reported', async () => {
    const pins = await PinStore.open(join(dir, 'pins.json'));
    const original = tool('read', { annotations: { readOnlyHint: true } });
    expect(pins.check('fs', original)).toEqual({ status: 'unpinned' });
    await pins.pin('fs', original);
    expect(pins.check('fs', original)).toEqual({ status: 'pinned' });

    const changed = {
      ...original,
      description: 'Now different',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: false },
    };
    const check = pins.check('fs', changed);
    expect(check.status).toBe('changed');
    if (check.status !== 'changed') return;
    expect(check.held.reason).toBe('definition changed');
    expect(check.held.diff).toEqual([
      { field: 'description', before: 'The read tool.', after: 'Now different' },
      { field: 'inputSchema', before: original.inputSchema, after: { type: 'object' } },
      { field: 'annotations', before: { readOnlyHint: true }, after: { readOnlyHint: false } },
    ]);
    // Accepting the new definition (re-pin) clears the hold.
    await pins.pin('fs', changed);
    expect(pins.check('fs', changed)).toEqual({ status: 'pinned' });
  });

  it("pins survive a restart (pins.json), and another process's pins are not lost", async () => {
    const path = join(dir, 'pins.json');
    const window = await PinStore.open(path);
    const cli = await PinStore.open(path);
    await window.pin('fs', tool('read'));
    await cli.pin('fs', tool('write'));
    const reopened = await PinStore.open(path);
    expect(reopened.check('fs', tool('read')).status).toBe('pinned');
    expect(reopened.check('fs', tool('write')).status).toBe('pinned');
    expect(reopened.check('fs', tool('read', { description: 'x' })).status).toBe('changed');
    expect(await readdir(dir)).toEqual(['pins.json']); // no temp files left behind
  });

  it('pinNew pins only unseen tools: a changed one stays held', async () => {
    const pins = await PinStore.open();
    await pins.pin('fs', tool('read'));
    await pins.pinNew('fs', [tool('read', { description: 'swapped' }), tool('list')]);
    expect(pins.check('fs', tool('read', { description: 'swapped' })).status).toBe('changed');
    expect(pins.check('fs', tool('list')).status).toBe('pinned');
  });

  it('names like __proto__ are plain keys', async () => {
    const path = join(dir, 'pins.json');
    const pins = await PinStore.open(path);
    await pins.pin('__proto__', tool('constructor'));
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    expect((await PinStore.open(path)).check('__proto__', tool('constructor')).status).toBe(
      'pinned',
    );
  });

  it('a corrupt pins.json is moved aside and reported; every tool asks again', async () => {
    const path = join(dir, 'pins.json');
    await writeFile(path, '{"servers": {"fs": ');
    const pins = await PinStore.open(path);
    expect(pins.warnings[0]).toMatch(/pins\.json is not valid JSON .* moved to .*corrupt/);
    expect(pins.check('fs', tool('read')).status).toBe('unpinned');
    const files = await readdir(dir);
    expect(files.some((f) => f.startsWith('pins.json.corrupt-'))).toBe(true);
    const aside = files.find((f) => f.startsWith('pins.json.corrupt-')) ?? '';
    expect(await readFile(join(dir, aside), 'utf8')).toBe('{"servers": {"fs": ');
  });
});

describe('large schemas', () => {
  it('are compared by hash and not kept whole, so pins.json stays small; a change is still held', async () => {
    const path = join(dir, 'pins.json');
    const big = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [
          `f${i}`,
          { type: 'string', description: `Field ${i}` },
        ]),
      ),
    };
    const pins = await PinStore.open(path);
    await pins.pin('fs', tool('bulk', { inputSchema: big }));
    expect((await readFile(path, 'utf8')).length).toBeLessThan(3000);
    const reopened = await PinStore.open(path);
    expect(reopened.check('fs', tool('bulk', { inputSchema: big })).status).toBe('pinned');
    const grown = { ...big, properties: { ...big.properties, command: { type: 'string' } } };
    const check = reopened.check('fs', tool('bulk', { inputSchema: grown }));
    expect(check).toEqual({
      status: 'changed',
      held: {
        reason: 'definition changed',
        diff: [
          { field: 'inputSchema', before: '(not kept: larger than 4096 characters)', after: grown },
        ],
      },
    });
  });
});
