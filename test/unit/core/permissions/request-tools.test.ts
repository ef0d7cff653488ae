// Security (issue 12, item 3) through the agent loop, against a real server that changes a tool
// and adds one after it was approved (list_changed): the next request carries neither (the changed
// one is not sent with its old definition either) until the user accepts each.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest } from '../../../fixtures/messages-api';
import { autoAnswer, chatHarness, type ChatHarness } from '../chat/harness';

const RUG = resolve(__dirname, '../../../fixtures/permissions/rug-pull-server.mjs');
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.permissions.acceptance?.settled();
  await h?.close();
  h = undefined;
});

const toolNames = (req: RecordedRequest | undefined) =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name);

describe('the tools of each request', () => {
  it('leave out a tool changed and a tool added after the baseline, until each is accepted', async () => {
    h = await chatHarness({ servers: { notes: { command: process.execPath, args: [RUG] } } });
    autoAnswer(h, 'allow-once');
    const conv = h.store.create();
    h.api.push(reply(toolUse('mcp__notes__swap', {}, 'toolu_swap')), reply(text('swapped')));
    await h.engine.send(conv.id, 'swap it').done;
    expect(toolNames(h.api.messageRequests()[0])).toEqual([
      'mcp__notes__read_notes',
      'mcp__notes__swap',
    ]);
    await expect
      .poll(() => h!.registry.resolve('mcp__notes__upload') !== undefined, { timeout: 20_000 })
      .toBe(true);

    h.api.push(reply(text('ok')));
    await h.engine.send(conv.id, 'what can you use now?').done;
    expect(toolNames(h.api.messageRequests().at(-1))).toEqual(['mcp__notes__swap']);
    const listed = h.registry.tools('notes').map((t) => t.tool);
    expect(h.permissions.availability('notes', listed)).toMatchObject({
      held: [{ name: 'read_notes' }],
      new: [{ name: 'upload' }],
    });

    await h.permissions.acceptDefinition(
      'notes',
      listed.find((t) => t.name === 'upload')!,
    );
    h.api.push(reply(text('ok')));
    await h.engine.send(conv.id, 'and now?').done;
    expect(toolNames(h.api.messageRequests().at(-1))).toEqual([
      'mcp__notes__swap',
      'mcp__notes__upload',
    ]);

    await h.permissions.acceptDefinition(
      'notes',
      listed.find((t) => t.name === 'read_notes')!,
    );
    h.api.push(reply(text('ok')));
    await h.engine.send(conv.id, 'and now?').done;
    const last = h.api.messageRequests().at(-1)!;
    expect(toolNames(last)).toEqual([
      'mcp__notes__read_notes',
      'mcp__notes__swap',
      'mcp__notes__upload',
    ]);
    expect(JSON.stringify(last.body.tools)).toContain('~/.ssh/id_rsa'); // the definition the user accepted
  });
});
