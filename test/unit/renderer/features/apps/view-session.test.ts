// A view's session over the SDK's AppBridge, against a scripted view on a fake frame: the
// handshake, then the stored input and result in order; a view that never says hello is stopped
// at its deadline; a flood stops it; a view's tools/call goes to the port.
import { describe, expect, it } from 'vitest';
import {
  startViewSession,
  type ViewPort,
} from '../../../../../renderer/features/apps/view-session';

type Listener = (e: MessageEvent) => void;
const ORIGIN = 'http://proxy.test';

function fakeFrame() {
  const listeners = new Set<Listener>();
  const posted: Array<{
    jsonrpc: '2.0';
    id?: number;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { message: string };
  }> = [];
  const frame = {
    postMessage: (m: (typeof posted)[number]) => posted.push(m),
  } as unknown as Window;
  const source = {
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
  const fromView = (data: unknown) =>
    listeners.forEach((l) => l({ data, source: frame, origin: ORIGIN } as MessageEvent));
  const reply = async (id: number) => {
    await expect.poll(() => posted.find((m) => m.id === id && (m.result || m.error))).toBeTruthy();
    return posted.find((m) => m.id === id && (m.result || m.error))!;
  };
  return { frame, source, posted, fromView, reply };
}

const port = (over: Partial<ViewPort> = {}): ViewPort => ({
  callTool: async () => ({ content: [{ type: 'text', text: 'called' }] }),
  readResource: async () => ({ contents: [] }),
  message: async () => undefined,
  openLink: async () => false,
  updateModelContext: async () => undefined,
  downloadFile: async () => false,
  ...over,
});

function start(
  f: ReturnType<typeof fakeFrame>,
  over: { deadlineMs?: number; port?: ViewPort; stored?: boolean } = {},
) {
  const stopped: string[] = [];
  const session = startViewSession({
    frame: f.frame,
    proxyOrigin: ORIGIN,
    page: { html: '<p>view</p>' },
    hostInfo: { name: 'Lena', version: '0' },
    hostContext: { theme: 'dark' },
    port: over.port ?? port(),
    deadlineMs: over.deadlineMs ?? 60_000,
    toolInput: { city: 'Oslo' },
    toolResult: over.stored === false ? null : { content: [{ type: 'text', text: 'stored' }] },
    messageSource: f.source,
    events: {
      initialized: () => undefined,
      sizeChanged: () => undefined,
      displayMode: (m) => m,
      stopped: (r) => stopped.push(r),
    },
  });
  return { session, stopped };
}

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'ui/initialize',
  params: {
    appInfo: { name: 'v', version: '1' },
    appCapabilities: {},
    protocolVersion: '2026-01-26',
  },
});

describe('a view session', () => {
  it('hands the page to the proxy, answers the handshake with the host context, then sends the stored input and result', async () => {
    const f = fakeFrame();
    const { session } = start(f);
    await session;
    f.fromView({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await expect
      .poll(
        () => f.posted.find((m) => m.method === 'ui/notifications/sandbox-resource-ready')?.params,
      )
      .toEqual({ html: '<p>view</p>', sandbox: 'allow-scripts' });
    f.fromView(initialize(1));
    expect((await f.reply(1)).result).toMatchObject({
      hostInfo: { name: 'Lena' },
      hostContext: { theme: 'dark' },
    });
    f.fromView({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await expect
      .poll(() =>
        f.posted
          .filter((m) => m.method?.startsWith('ui/notifications/tool-'))
          .map((m) => [m.method, m.params]),
      )
      .toEqual([
        ['ui/notifications/tool-input', { arguments: { city: 'Oslo' } }],
        ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'stored' }] }],
      ]);
    (await session).close();
  });

  it('a result that arrives while the view starts is told after the input, once', async () => {
    const f = fakeFrame();
    const session = await start(f, { stored: false }).session;
    session.sendResult({ content: [{ type: 'text', text: 'late' }] });
    session.sendResult({ content: [{ type: 'text', text: 'again' }] });
    session.sendCancelled('too late to cancel');
    f.fromView(initialize(1));
    await f.reply(1);
    f.fromView({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await expect
      .poll(() =>
        f.posted.filter((m) => m.method?.startsWith('ui/notifications/tool-')).map((m) => m.method),
      )
      .toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result']);
    expect(f.posted.find((m) => m.method === 'ui/notifications/tool-result')?.params).toEqual({
      content: [{ type: 'text', text: 'late' }],
    });
    session.close();
  });

  it('passes the view’s tools/call to the port and its answer back', async () => {
    const f = fakeFrame();
    const calls: unknown[] = [];
    const { session } = start(f, {
      port: port({
        callTool: async (name, args) => (
          calls.push([name, args]),
          { content: [{ type: 'text', text: 'it is noon' }] }
        ),
      }),
    });
    await session;
    f.fromView(initialize(1));
    await f.reply(1);
    f.fromView({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    f.fromView({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get-time', arguments: { tz: 'UTC' } },
    });
    expect((await f.reply(2)).result).toMatchObject({
      content: [{ type: 'text', text: 'it is noon' }],
    });
    expect(calls).toEqual([['get-time', { tz: 'UTC' }]]);
    (await session).close();
  });

  it('a refused call reaches the view as an error, with core’s words', async () => {
    const f = fakeFrame();
    const { session } = start(f, {
      port: port({
        callTool: async () => {
          throw new Error('model-only is not visible to apps');
        },
      }),
    });
    await session;
    f.fromView(initialize(1));
    await f.reply(1);
    f.fromView({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'model-only', arguments: {} },
    });
    expect((await f.reply(2)).error?.message).toContain('model-only is not visible to apps');
    (await session).close();
  });

  it('stops a view that never says hello, once, with a note', async () => {
    const f = fakeFrame();
    const { session, stopped } = start(f, { deadlineMs: 30 });
    await session;
    await expect
      .poll(() => stopped)
      .toEqual([
        'This view did not start within 1 s and was stopped. The window was not affected.',
      ]);
  });

  it('stops a view that floods the window, and hears nothing after', async () => {
    const f = fakeFrame();
    const { session, stopped } = start(f);
    await session;
    for (let i = 0; i < 1000; i++)
      f.fromView({
        jsonrpc: '2.0',
        method: 'ui/notifications/size-changed',
        params: { height: i },
      });
    f.fromView(initialize(1));
    expect(stopped).toEqual([
      'This view sent too many messages at once and was stopped. The window was not affected.',
    ]);
    expect(f.posted.some((m) => m.id === 1)).toBe(false);
  });
});
