// A conversation moved to another project: its next turn runs with the new project's instructions
// and gets the new project's pinned files once, at the start of the new user turn, while everything
// sent before stays byte for byte (the stand-in's prompt cache reads it back); moving back does not
// give a file the conversation already holds; the meter shows what the next turn adds; tool
// switches follow the new project unless the conversation set its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/chat/conversations';
import {
  reply,
  startMessagesApiServer,
  systemText,
  text,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { startHost, tempHome } from './host-harness';

let api: MessagesApiServer;
beforeAll(async () => {
  api = await startMessagesApiServer();
});
afterAll(() => api.close());

const env = () => ({
  ANTHROPIC_API_KEY: 'sk-ant-project-move-0123456789',
  ANTHROPIC_BASE_URL: api.url,
});

const HARBOUR = 'Answer in the voice of a ship captain.';
const LIGHTHOUSE = 'Answer in the voice of a lighthouse keeper.';
// About 2,000 tokens each: every cached prefix is over the model's minimum cacheable length.
const A_TEXT = 'Harbour notes: berths, cranes and the tide table. '.repeat(160);
const B_TEXT = 'Lighthouse log: lamp hours, fog signals and keepers. '.repeat(160);

type Msg = { role: string; content: { type: string; title?: string; [k: string]: unknown }[] };

const messagesOf = (req: RecordedRequest) => req.body.messages as unknown as Msg[];

/** The documents of a request's messages, by title. */
const documents = (req: RecordedRequest) =>
  messagesOf(req).flatMap((m) =>
    m.content.filter((b) => b.type === 'document').map((b) => `${m.role}:${b.title}`),
  );

/** A request's messages as the cache compares them: the marks move from turn to turn. */
const unmarked = (req: RecordedRequest): string[] =>
  messagesOf(req).map((m) =>
    JSON.stringify({
      role: m.role,
      content: m.content.map((b) => ({ ...b, cache_control: undefined })),
    }),
  );

async function twoProjects() {
  const home = tempHome('lena-project-move-');
  const harbour = join(home, 'work', 'harbour');
  const lighthouse = join(home, 'work', 'lighthouse');
  mkdirSync(harbour, { recursive: true });
  mkdirSync(lighthouse, { recursive: true });
  const a = join(home, 'a.md');
  const b = join(home, 'b.md');
  writeFileSync(a, A_TEXT);
  writeFileSync(b, B_TEXT);
  const h = startHost(home, { env: env() });
  await h.call('project:set-prefs', {
    folder: harbour,
    instructions: HARBOUR,
    pinned: [a],
    tools: { offServers: ['noisy'], tools: {} },
  });
  await h.call('project:set-prefs', { folder: lighthouse, instructions: LIGHTHOUSE, pinned: [b] });
  await h.call('project:open', { folder: harbour });
  return { h, harbour, lighthouse, a, b, s: await h.host.services() };
}

describe('moving a conversation to another project', () => {
  it('gives the new project’s instructions and pinned files once, keeping the history as sent', async () => {
    const { h, harbour, lighthouse, s } = await twoProjects();
    const conv = await h.call<ConversationSummary>('conversations:create');
    expect(conv.tools).toEqual({ offServers: ['noisy'], tools: {} });
    const get = (id = conv.id) => h.call<ConversationSummary>('conversations:get', { id });
    const start = api.messageRequests().length;
    api.push(...['Aye.', 'Lamp lit.', 'Fog ahead.', 'Back in port.'].map((t) => reply(text(t))));

    await s.chat.send(conv.id, 'Where do we berth?').done;
    const aTokens = (await get()).meter!.pinnedTokens!;

    const moved = await h.call<ConversationSummary>('conversations:move', {
      id: conv.id,
      project: lighthouse,
    });
    // The switches came from the harbour project: they follow the lighthouse's (none: the global ones).
    expect(moved.tools).toBeUndefined();
    // The meter shows the lighthouse's file, due with the next message.
    const bTokens = moved.meter!.pinnedTokens!;
    expect(bTokens).toBeGreaterThan(B_TEXT.length / 5);
    expect(moved.meter).toMatchObject({ pinnedNextTokens: bTokens, turns: 1 });

    const second = await s.chat.send(conv.id, 'How is the lamp?').done;
    const third = await s.chat.send(conv.id, 'Any fog?').done;
    const [r1, r2, r3] = api.messageRequests().slice(start);
    // The lighthouse's instructions, not the harbour's.
    expect(systemText(r2.body)).toContain(LIGHTHOUSE);
    expect(systemText(r2.body)).not.toContain(HARBOUR);
    // b.md once, at the start of the new user turn; a.md stays where it was sent.
    expect(documents(r2)).toEqual(['user:a.md', 'user:b.md']);
    expect(documents(r3)).toEqual(['user:a.md', 'user:b.md']);
    const newTurn = messagesOf(r2).at(-1)!.content;
    expect(newTurn.map((b) => b.title ?? b.text)).toEqual(['b.md', 'How is the lamp?']);
    // Everything before the new content is the previous request's, byte for byte.
    expect(unmarked(r2).slice(0, unmarked(r1).length)).toEqual(unmarked(r1));
    expect(unmarked(r3).slice(0, unmarked(r2).length)).toEqual(unmarked(r2));
    // The new system block is written once; the next turn reads it and b.md back from the cache.
    expect(second.usage.cacheCreationTokens).toBeGreaterThan(0);
    expect(third.usage.cacheReadTokens).toBeGreaterThanOrEqual(
      second.usage.cacheReadTokens + second.usage.cacheCreationTokens,
    );
    const afterTurn = (await get()).meter!;
    expect(afterTurn.pinnedTokens).toBe(bTokens);
    expect(afterTurn.pinnedNextTokens).toBeUndefined();

    // Back to the harbour: a.md is already in the conversation, unchanged, so it is not sent again.
    const back = await h.call<ConversationSummary>('conversations:move', {
      id: conv.id,
      project: harbour,
    });
    expect(back.meter).toMatchObject({ pinnedTokens: aTokens });
    expect(back.meter!.pinnedNextTokens).toBeUndefined();
    const fourth = await s.chat.send(conv.id, 'Home again?').done;
    const r4 = api.messageRequests().at(-1)!;
    expect(systemText(r4.body)).toContain(HARBOUR);
    expect(systemText(r4.body)).not.toContain(LIGHTHOUSE);
    expect(documents(r4)).toEqual(['user:a.md', 'user:b.md']);
    expect(
      messagesOf(r4)
        .at(-1)!
        .content.map((b) => b.type),
    ).toEqual(['text']);
    // The harbour's system block again: the first turn's cached prefix (a.md included) is read back.
    expect(fourth.usage.cacheReadTokens).toBeGreaterThan(aTokens);
  }, 30_000);

  it('gives the files again when an Edit takes the turn that held them off the branch', async () => {
    const { h, lighthouse, s } = await twoProjects();
    const conv = await h.call<ConversationSummary>('conversations:create');
    api.push(...['Aye.', 'Lamp lit.', 'Edited.', 'Back.'].map((t) => reply(text(t))));
    await s.chat.send(conv.id, 'Where do we berth?').done;
    await h.call('conversations:move', { id: conv.id, project: lighthouse });
    await s.chat.send(conv.id, 'How is the lamp?').done;
    const { messages } = await h.call<{ messages: { id: string }[] }>('conversations:get', {
      id: conv.id,
    });
    // Editing the first message supersedes the turn that gave b.md: the edited turn gives it again,
    // and a.md, kept with the edited message, only once.
    await s.chat.edit(conv.id, messages[0].id, 'Where do we anchor?').done;
    const edited = api.messageRequests().at(-1)!;
    expect(documents(edited)).toEqual(['user:b.md', 'user:a.md']);
    expect(messagesOf(edited)).toHaveLength(1);
    // Back to the first branch, which holds both: nothing is given twice.
    s.chat.switchBranch(conv.id, messages[0].id);
    await s.chat.send(conv.id, 'And the fog?').done;
    expect(documents(api.messageRequests().at(-1)!)).toEqual(['user:a.md', 'user:b.md']);
  }, 30_000);

  it('reads the whole history from the cache when only pinned files are added, and gives a changed file again', async () => {
    const { h, harbour, lighthouse, b, s } = await twoProjects();
    await h.call('project:set-prefs', { folder: lighthouse, instructions: '' });
    const conv = s.chat.create(null);
    // Switches the user set in this conversation are its own: a move keeps them.
    await s.chat.setTools(conv.id, { server: 'mine', on: false });
    api.push(...['One.', 'Two.', 'Three.', 'Four.'].map((t) => reply(text(t))));
    await s.chat.send(conv.id, `Log this: ${'a long first entry. '.repeat(300)}`).done;

    const moved = await h.call<ConversationSummary>('conversations:move', {
      id: conv.id,
      project: lighthouse,
    });
    expect(moved.tools?.offServers).toEqual(['mine']);
    const first = api.messageRequests().at(-1)!;
    const second = await s.chat.send(conv.id, 'Read the log.').done;
    const r2 = api.messageRequests().at(-1)!;
    expect(documents(r2)).toEqual(['user:b.md']);
    expect(unmarked(r2).slice(0, unmarked(first).length)).toEqual(unmarked(first));
    expect(second.usage.cacheReadTokens).toBeGreaterThan(0);

    // A copy made between a move and the next turn gets the new project's file too.
    await h.call('conversations:move', { id: conv.id, project: null });
    await h.call('conversations:move', { id: conv.id, project: harbour });
    const copy = s.chat.duplicate(conv.id);
    api.push(reply(text('Copied.')));
    await s.chat.send(copy.id, 'In the copy.').done;
    expect(documents(api.messageRequests().at(-1)!)).toEqual(['user:b.md', 'user:a.md']);
    await h.call('conversations:move', { id: conv.id, project: lighthouse });

    // Out and back in: the unchanged b.md is not given twice, a changed one is.
    await h.call('conversations:move', { id: conv.id, project: null });
    await h.call('conversations:move', { id: conv.id, project: lighthouse });
    await s.chat.send(conv.id, 'Again.').done;
    expect(documents(api.messageRequests().at(-1)!)).toEqual(['user:b.md']);
    writeFileSync(b, `${B_TEXT}Keeper changed at noon.`);
    await h.call('conversations:move', { id: conv.id, project: null });
    const none = await h.call<ConversationSummary>('conversations:get', { id: conv.id });
    expect(none.meter?.pinnedTokens).toBeUndefined();
    await h.call('conversations:move', { id: conv.id, project: lighthouse });
    await s.chat.send(conv.id, 'And now?').done;
    expect(documents(api.messageRequests().at(-1)!)).toEqual(['user:b.md', 'user:b.md']);
  }, 30_000);
});
