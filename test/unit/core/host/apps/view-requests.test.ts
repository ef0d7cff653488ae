// What a view may ask (issue 23), against the scripted Apps peer: only its own server's tools
// visible to apps, through the gate; app-only tools never reach the model; links checked; model
// context kept and wrapped; downloads through the save port; messages only after the user approves.
import { describe, expect, it } from 'vitest';
import type { AppModelContext } from '../../../../../shared/app-view-types';
import type { ClientQuestion } from '../../../../../shared/client-questions';
import type { PermissionRequestView } from '../../../../../shared/permission-types';
import type { ToolInfo } from '../../../../../shared/server-types';
import { APPS_PEER, appsHost, exampleApp } from './apps-harness';

describe('what a view may ask', () => {
  it("calls only its own server's tools visible to apps, each through the gate, and app-only tools never reach the model", async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    await h.addServer('basic', [exampleApp('server-basic-vanillajs'), '--stdio']);
    const tools = await h.value<ToolInfo[]>('servers:tools', { name: 'apps' });
    expect(tools.find((t) => t.name === 'app-only')).toMatchObject({
      enabled: false,
      app: { resourceUri: null, visibility: ['app'] },
    });
    expect(tools.find((t) => t.name === 'model-only')).toMatchObject({
      enabled: true,
      app: { visibility: ['model'] },
    });
    const rt = (await h.host.services()).runtime;
    expect(rt.registry.anthropicTools().map((t) => t.name)).not.toContain('mcp__apps__app-only');
    expect(rt.registry.anthropicTools().map((t) => t.name)).toContain('mcp__apps__model-only');

    const card = await h.card('apps', 'show');
    expect(
      await h.call('apps:call-tool', { ...card, name: 'model-only', arguments: {} }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('for the model only') },
    });
    expect(
      await h.call('apps:call-tool', { ...card, name: 'get-time', arguments: {} }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringContaining('only its own server') },
    });
    expect(
      await h.call('apps:call-tool', {
        conversationId: card.conversationId,
        toolUseId: 'toolu_nope',
        name: 'app-only',
        arguments: {},
      }),
    ).toMatchObject({ ok: false, error: { code: 'not-found' } });
    // A tool without a view cannot act as one.
    const plain = await h.card('apps', 'caps');
    expect(
      await h.call('apps:call-tool', { ...plain, name: 'app-only', arguments: {} }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const pending = h.call<{ content: { text: string }[] }>('apps:call-tool', {
      ...card,
      name: 'app-only',
      arguments: { n: 3 },
    });
    await expect
      .poll(() => h.events.some(([e]) => e === 'asks:requested'), {
        message: 'the dialog',
        timeout: 15_000,
      })
      .toBe(true);
    const request = h.events.find(([e]) => e === 'asks:requested')![1] as PermissionRequestView;
    expect(request).toMatchObject({
      origin: 'view',
      tool: 'app-only',
      argumentsText: expect.stringContaining('"n": 3'),
    });
    await h.value('permissions:answer', { id: request.id, decision: 'allow-once' });
    expect(await pending).toMatchObject({
      ok: true,
      value: { content: [{ text: 'app-only ran with {"n":3}' }] },
    });

    // A deny rule stops the view's call as it stops the model's, without asking.
    await h.value('permissions:answer', { id: 'none', decision: 'deny' }).catch(() => undefined);
    await rt.permissions.addRule('deny', { rule: 'mcp__apps__app-only' });
    const asked = h.events.filter(([e]) => e === 'asks:requested').length;
    expect(
      await h.call('apps:call-tool', { ...card, name: 'app-only', arguments: {} }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('denied by the rule') },
    });
    expect(h.events.filter(([e]) => e === 'asks:requested').length).toBe(asked);
  });

  it('checks links: https only, no credentials, nothing hidden', async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    const card = await h.card('apps', 'show');
    expect(await h.value('apps:check-link', { ...card, url: 'https://example.com/a?b=1' })).toEqual(
      { href: 'https://example.com/a?b=1', origin: 'https://example.com' },
    );
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@example.com',
      'https://exa\u200bmple.com',
      'not a url',
    ]) {
      expect(await h.call('apps:check-link', { ...card, url })).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    }
  });

  it("keeps a view's model context, replaces it on update, and sends it inside the untrusted markers", async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    const card = await h.card('apps', 'show');
    await h.value('apps:update-context', { ...card, content: [{ type: 'text', text: 'first' }] });
    const context = await h.value<AppModelContext>('apps:update-context', {
      ...card,
      content: [{ type: 'text', text: 'Budget: 40% to R&D' }],
      structuredContent: { rd: 0.4 },
    });
    expect(context).toMatchObject({
      ...card,
      server: 'apps',
      text: 'Budget: 40% to R&D\n\n{"rd":0.4}',
    });
    expect(h.events.filter(([e]) => e === 'apps:context-changed')).toHaveLength(2);
    expect(
      await h.value<AppModelContext[]>('apps:contexts', { conversationId: card.conversationId }),
    ).toEqual([context]);
    const rt = (await h.host.services()).runtime;
    const [block] = rt.viewContexts.blocks(card.conversationId, 'B0UNDARY');
    expect(block.text).toBe(
      'Context from the show view of the apps server (shown to the user on its card):\n<untrusted-tool-output boundary="B0UNDARY">\nBudget: 40% to R&D\n\n{"rd":0.4}\n</untrusted-tool-output boundary="B0UNDARY">',
    );
  });

  it('saves downloads through the save port, and stops at a cancel', async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    const card = await h.card('apps', 'show');
    const file = {
      type: 'resource',
      resource: { uri: 'file:///reports/q3%20plan.csv', mimeType: 'text/csv', text: 'a,b\n1,2\n' },
    };
    const blob = {
      type: 'resource',
      resource: { uri: 'ui://x/../../evil', blob: Buffer.from([1, 2, 3]).toString('base64') },
    };
    const result = await h.value<{ saved: string[]; cancelled: boolean }>('apps:download', {
      ...card,
      contents: [file, blob],
    });
    expect(result.cancelled).toBe(false);
    expect(h.saved.map((s) => [s.name, s.data.toString('hex')])).toEqual([
      ['q3 plan.csv', Buffer.from('a,b\n1,2\n').toString('hex')],
      ['evil', '010203'],
    ]);
    expect(
      await h.call('apps:download', { ...card, contents: [{ type: 'text', text: 'x' }] }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });

    const cancelling = await appsHost({ saveCancels: true });
    await cancelling.addServer('apps', [APPS_PEER]);
    const other = await cancelling.card('apps', 'show');
    expect(await cancelling.value('apps:download', { ...other, contents: [file] })).toEqual({
      saved: [],
      cancelled: true,
    });
  });

  it("asks before a view's message goes to the conversation, showing it as the view's", async () => {
    const h = await appsHost();
    await h.addServer('apps', [APPS_PEER]);
    const card = await h.card('apps', 'show');
    const denied = h.call<{ sent: boolean }>('apps:message', {
      ...card,
      role: 'user',
      content: [{ type: 'text', text: 'Please book it' }],
    });
    await expect
      .poll(() => h.events.some(([e]) => e === 'asks:requested'), {
        message: 'the question',
        timeout: 15_000,
      })
      .toBe(true);
    const question = h.events.find(([e]) => e === 'asks:requested')![1] as ClientQuestion;
    expect(question).toMatchObject({
      kind: 'app-message',
      server: 'apps',
      tool: 'show',
      toolUseId: card.toolUseId,
      text: 'Please book it',
    });
    await h.value('questions:answer', { id: question.id, answer: { action: 'deny' } });
    expect(await denied).toEqual({ ok: true, value: { sent: false, turnId: null } });
    const rt = (await h.host.services()).runtime;
    expect(
      rt.conversations.store.get(card.conversationId).messages.filter((m) => m.role === 'user'),
    ).toHaveLength(0);

    const approved = h.call<{ sent: boolean; turnId: string }>('apps:message', {
      ...card,
      role: 'user',
      content: [{ type: 'text', text: 'Book \u200bit' }],
    });
    await expect
      .poll(() => h.events.filter(([e]) => e === 'asks:requested').length >= 2, {
        message: 'the second question',
        timeout: 15_000,
      })
      .toBe(true);
    const second = h.events.filter(([e]) => e === 'asks:requested')[1][1] as ClientQuestion & {
      text: string;
    };
    expect(second.text).not.toBe('Book \u200bit'); // the hidden character is shown, and what is shown is what is sent
    await h.value('questions:answer', { id: second.id, answer: { action: 'approve' } });
    const sent = await approved;
    expect(sent).toMatchObject({ ok: true, value: { sent: true, turnId: expect.any(String) } });
    const users = rt.conversations.store
      .get(card.conversationId)
      .messages.filter((m) => m.role === 'user');
    expect(users.map((m) => m.content)).toEqual([[{ type: 'text', text: second.text }]]);
  });
});
