// The window router over plain deliver functions: what each window hears, and where a question goes.
import { describe, expect, it } from 'vitest';
import { WindowRouter } from '../../../../electron/core/host/window-router';
import type { AskView } from '../../../../shared/asks';

function windows(router: WindowRouter, ...ids: string[]) {
  const heard = new Map<string, [string, unknown][]>();
  for (const id of ids) {
    heard.set(id, []);
    router.attach(id, (event, payload) => heard.get(id)!.push([event, payload]));
  }
  const events = (id: string) => heard.get(id)!.map(([e]) => e);
  const asked = (id: string) =>
    heard
      .get(id)!
      .filter(([e]) => e === 'asks:requested')
      .map(([, p]) => (p as AskView).id);
  return { heard, events, asked };
}

const ask = (id: string, conversationId: string | null) =>
  (conversationId === null
    ? { kind: 'sign-in', id, server: 's', createdAt: 1, expiresAt: '' }
    : { kind: 'permission', id, conversationId, createdAt: 1 }) as unknown as AskView;

describe('WindowRouter', () => {
  it('streams a conversation only to its windows and the rest to every window', () => {
    const router = new WindowRouter();
    const w = windows(router, 'a', 'b');
    router.show('a', 'c1');
    router.route('chat:progressed', {
      type: 'text-delta',
      conversationId: 'c1',
      messageId: 'm',
      index: 0,
      text: 'x',
    });
    router.route('servers:status-changed', []);
    router.route('chat:progressed', { type: 'turn-ended', conversationId: 'c1' });
    expect(w.events('a')).toEqual(['chat:progressed', 'servers:status-changed', 'chat:progressed']);
    expect(w.events('b')).toEqual(['servers:status-changed', 'chat:progressed']);
  });

  it('asks once: in the window of the conversation, else the focused one', () => {
    const router = new WindowRouter();
    const w = windows(router, 'a', 'b', 'c');
    router.show('a', 'c1');
    router.show('b', 'c1');
    router.focus('b');
    router.route('asks:requested', ask('q1', 'c1'));
    router.route('asks:requested', ask('q2', 'elsewhere'));
    router.route('asks:requested', ask('q3', null));
    expect(w.asked('a')).toEqual([]);
    expect(w.asked('b')).toEqual(['q1', 'q2', 'q3']);
    expect(w.asked('c')).toEqual([]);
  });

  it('moves a question when its window closes, and a window opening its conversation takes it', () => {
    const router = new WindowRouter();
    const w = windows(router, 'a', 'b');
    const detachC = router.attach('c', () => undefined);
    router.show('c', 'c1');
    router.route('asks:requested', ask('q1', 'c1'));
    expect(router.holderOf('q1')).toBe('c');
    router.focus('a');
    detachC();
    expect(w.asked('a')).toEqual(['q1']);
    router.show('b', 'c1');
    expect(w.asked('b')).toEqual(['q1']);
    expect(w.events('a')).toContain('asks:resolved');
    expect(router.pendingFor('a', [ask('q1', 'c1')])).toEqual([]);
    expect(router.pendingFor('b', [ask('q1', 'c1')]).map((q) => q.id)).toEqual(['q1']);
    // Another window opening it does not take it from b, which shows it; "Answer here" does.
    router.show('a', 'c1');
    expect(router.holderOf('q1')).toBe('b');
    router.show('a', 'c1', true);
    expect(router.holderOf('q1')).toBe('a');
    expect(w.asked('a')).toEqual(['q1', 'q1']);
  });

  it("asks a server's question in the window showing the conversation it names, not the focused one", () => {
    const router = new WindowRouter();
    const w = windows(router, 'a', 'b');
    router.show('a', 'c1');
    router.show('b', 'c2');
    router.focus('b');
    const sampling = (id: string, conversationId?: string) =>
      ({
        kind: 'sampling-request',
        id,
        server: 's',
        createdAt: 1,
        expiresAt: '',
        ...(conversationId ? { conversationId } : {}),
      }) as unknown as AskView;
    router.route('asks:requested', sampling('q1', 'c1'));
    router.route('asks:requested', sampling('q2'));
    expect(w.asked('a')).toEqual(['q1']);
    expect(w.asked('b')).toEqual(['q2']);
    // It moves like any conversation's question: to the window that opens that conversation next.
    router.show('a', null);
    router.show('b', 'c1');
    expect(router.holderOf('q1')).toBe('b');
  });

  it('never asks in the quick entry, even when it has focus', () => {
    const router = new WindowRouter();
    const w = windows(router, 'main');
    router.attach('quick', () => undefined, { asks: false });
    router.focus('main');
    router.focus('quick');
    router.route('asks:requested', ask('q1', null));
    expect(w.asked('main')).toEqual(['q1']);
    expect(router.pendingFor('quick', [ask('q1', null)])).toEqual([]);
  });
});
