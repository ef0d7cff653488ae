// "New conversation with summary" keeps what the user set on the conversation it continues: its own
// tool switches (issue 16, conversations.tools), its model and its project. Real engine, the
// recorded catalog tools served over stdio, the scripted Messages API recording every request.
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, reply, text, type RecordedRequest } from '../../../fixtures/messages-api';
import { catalogMcpConfig } from '../../../fixtures/tool-catalog/catalog';
import { chatHarness, type ChatHarness } from './harness';

let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const toolNames = (req: RecordedRequest | undefined): string[] =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name);

describe('continue with summary', () => {
  it('starts the new conversation with the same tool switches, model and project as the one it summarises', async () => {
    h = await chatHarness({ servers: catalogMcpConfig(40) });
    await expect.poll(() => h!.registry.tools().length, { timeout: 60_000 }).toBe(40);
    const old = h.store.create({ title: 'Big refactor', project: '/work/projects/app' });
    // A tool off, a server off, and a tool the servers page leaves off switched on for this chat.
    h.registry.setDisabledTools(['mcp__filesystem__write_file']);
    h.engine.setTools(old.id, { server: 'everything', tool: 'mcp__everything__echo', on: false });
    h.engine.setTools(old.id, { server: 'memory', on: false });
    h.engine.setTools(old.id, {
      server: 'filesystem',
      tool: 'mcp__filesystem__write_file',
      on: true,
    });
    h.engine.setModel(old.id, 'claude-haiku-4-5');
    const switches = h.store.summary(old.id).tools;
    expect(switches).toEqual({
      offServers: ['memory'],
      tools: { mcp__everything__echo: false, mcp__filesystem__write_file: true },
    });

    h.api.push(
      reply(text('Plan: rename the modules.')),
      apiError.promptTooLong(),
      reply(text('SUMMARY: renaming the modules.')),
    );
    await h.engine.send(old.id, 'Plan the refactor').done;
    expect((await h.engine.send(old.id, 'and the tests?').done).error).toMatchObject({
      action: 'new-conversation-with-summary',
    });
    const next = await h.engine.continueWithSummary(old.id);
    expect(next.usedModel).toBe(true);
    // The summary is written by the conversation's own model.
    expect(h.api.messageRequests().at(-1)!.body.model).toBe('claude-haiku-4-5');

    const created = h.store.summary(next.id);
    expect(created.tools).toEqual(switches);
    expect(created.model).toBe('claude-haiku-4-5');
    expect(created.project).toBe('/work/projects/app');
    // The window hears of it with its switches (the tools menu shows them at once).
    expect(
      h.events
        .filter((e) => e.type === 'conversation-updated' && e.conversation.id === next.id)
        .at(-1),
    ).toMatchObject({ conversation: { tools: switches } });

    // And its requests follow them: the same tools as the old conversation's, from the same model.
    h.api.push(reply(text('Carrying on.')));
    expect((await h.engine.send(next.id, 'Go on').done).error).toBeNull();
    const sent = h.api.messageRequests().at(-1)!;
    expect(sent.body.model).toBe('claude-haiku-4-5');
    const names = toolNames(sent);
    expect(names).not.toContain('mcp__everything__echo');
    expect(names.filter((n) => n.startsWith('mcp__memory__'))).toEqual([]);
    expect(names).toContain('mcp__filesystem__write_file');
    expect(names).toContain('mcp__everything__get-sum');
    expect(names.sort()).toEqual(toolNames(h.api.messageRequests()[0]).sort());
  });

  it('a conversation with no switches of its own gives one with none (the servers page decides)', async () => {
    h = await chatHarness({ settings: { maxRetries: 0 } });
    const old = h.store.create({ title: 'Plain' });
    h.api.push(reply(text('SUMMARY: nothing much.')));
    const next = await h.engine.continueWithSummary(old.id);
    expect(h.store.summary(next.id).tools).toBeUndefined();
    expect(h.store.summary(next.id).project).toBeNull();
  });
});
