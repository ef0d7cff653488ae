// One view's conversation with the window, over the SDK's host bridge (AppBridge). Every request
// the view makes goes to a ViewPort, which hands it to core over IPC (tools/call through the
// permission gate) or to the user (messages, links); nothing reaches a server from here directly.
// The session also keeps the view honest: a handshake deadline and, through the transport, a rate.
import type {
  CallToolResult,
  ContentBlock,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import type {
  AppBridge,
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiResourceCsp,
  McpUiResourcePermissions,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { ViewTransport } from './view-transport';

/** What a view may ask for, each answered by core or the user (see AppView's port). */
export interface ViewPort {
  callTool(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  /** Holds the view's message for the user to send or discard; resolves once it is shown. */
  message(content: ContentBlock[]): Promise<void>;
  /** Resolves true when the user opened the link. */
  openLink(url: string): Promise<boolean>;
  updateModelContext(params: {
    content?: ContentBlock[];
    structuredContent?: Record<string, unknown>;
  }): Promise<void>;
  /** Resolves true when the user saved the file. */
  downloadFile(contents: unknown[]): Promise<boolean>;
}

/** What the session tells the card about the view. */
export interface ViewEvents {
  initialized(): void;
  sizeChanged(height: number | undefined): void;
  /** The view asked for a display mode; returns the mode now in force. */
  displayMode(requested: McpUiDisplayMode): McpUiDisplayMode;
  /** The session stopped the view, with a sentence for the card. */
  stopped(reason: string): void;
}

export interface ViewPage {
  html: string;
  csp?: McpUiResourceCsp;
  permissions?: McpUiResourcePermissions;
}

export interface ViewSessionOptions {
  frame: Window;
  proxyOrigin: string;
  /** The view's page, handed to the proxy when it is ready (null when the proxy loads it itself). */
  page: ViewPage | null;
  hostInfo: { name: string; version: string };
  hostContext: McpUiHostContext;
  port: ViewPort;
  events: ViewEvents;
  deadlineMs: number;
  toolInput: Record<string, unknown>;
  /** The stored result, or null while the call runs (sent later with `sendResult`). */
  toolResult: CallToolResult | null;
  /** Where the frame's messages arrive (the window); a parameter for tests. */
  messageSource?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface ViewSession {
  setHostContext(context: McpUiHostContext): void;
  sendResult(result: CallToolResult): void;
  sendCancelled(reason: string): void;
  /** Asks the view to save its state (bounded wait), then closes the channel. */
  teardown(): Promise<void>;
  close(): void;
}

const TEARDOWN_WAIT_MS = 500;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Starts a session; the bridge module is loaded on first use (it is large and most chats have no views). */
// Long: wires every AppBridge request and notification to core over one stop state.
export async function startViewSession(o: ViewSessionOptions): Promise<ViewSession> {
  const { AppBridge } = await import('@modelcontextprotocol/ext-apps/app-bridge');
  let stopped = false;
  let initialized = false;
  // How the call ended (its result, or why there is none): told once, after the input.
  let ending: { result: CallToolResult } | { cancelled: string } | null = o.toolResult
    ? { result: o.toolResult }
    : null;
  let bridge: AppBridge | null = null;
  const stop = (reason: string) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(deadline);
    void bridge?.close().catch(() => undefined);
    o.events.stopped(reason);
  };
  const transport = new ViewTransport({
    target: o.frame,
    origin: o.proxyOrigin,
    onFlood: () =>
      stop(
        'This view sent too many messages at once and was stopped. The window was not affected.',
      ),
    ...(o.messageSource ? { source: o.messageSource } : {}),
  });
  bridge = new AppBridge(
    null,
    o.hostInfo,
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      downloadFile: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      sandbox: {
        ...(o.page?.csp ? { csp: o.page.csp } : {}),
        ...(o.page?.permissions ? { permissions: o.page.permissions } : {}),
      },
    },
    { hostContext: o.hostContext },
  );
  const b = bridge;
  b.oncalltool = (params) => o.port.callTool(params.name, params.arguments);
  b.onreadresource = (params) => o.port.readResource(params.uri);
  b.onmessage = async (params) => {
    await o.port.message(params.content);
    return {};
  };
  b.onopenlink = async (params) => ((await o.port.openLink(params.url)) ? {} : { isError: true });
  b.onupdatemodelcontext = async (params) => {
    await o.port.updateModelContext(params);
    return {};
  };
  b.ondownloadfile = async (params) =>
    (await o.port.downloadFile(params.contents)) ? {} : { isError: true };
  b.onrequestdisplaymode = async (params) => ({ mode: o.events.displayMode(params.mode) });
  b.addEventListener('sizechange', ({ height }) => o.events.sizeChanged(height));
  b.addEventListener('requestteardown', () => stop('The view closed itself.'));
  b.addEventListener('initialized', () => {
    if (stopped || initialized) return;
    initialized = true;
    clearTimeout(deadline);
    o.events.initialized();
    void b.sendToolInput({ arguments: o.toolInput }).catch(() => undefined);
    if (ending) tell(ending);
  });
  if (o.page) {
    const page = o.page;
    b.addEventListener('sandboxready', () => {
      void b
        .sendSandboxResourceReady({
          html: page.html,
          sandbox: 'allow-scripts',
          ...(page.csp ? { csp: page.csp } : {}),
          ...(page.permissions ? { permissions: page.permissions } : {}),
        })
        .catch(() => undefined);
    });
  }
  function tell(end: NonNullable<typeof ending>) {
    if ('result' in end) void b.sendToolResult(end.result).catch(() => undefined);
    else void b.sendToolCancelled({ reason: end.cancelled }).catch(() => undefined);
  }
  const end = (next: NonNullable<typeof ending>) => {
    if (stopped || ending) return;
    ending = next;
    if (initialized) tell(next);
  };
  const deadline = setTimeout(
    () =>
      stop(
        `This view did not start within ${Math.ceil(o.deadlineMs / 1000)} s and was stopped. The window was not affected.`,
      ),
    o.deadlineMs,
  );
  try {
    await b.connect(transport);
  } catch (err) {
    stop(`The view could not be connected: ${errorText(err)}`);
  }
  return {
    setHostContext: (context) => {
      if (!stopped) b.setHostContext(context);
    },
    sendResult: (result) => end({ result }),
    sendCancelled: (reason) => end({ cancelled: reason }),
    async teardown() {
      if (stopped) return;
      stopped = true;
      clearTimeout(deadline);
      if (initialized)
        await b.teardownResource({}, { timeout: TEARDOWN_WAIT_MS }).catch(() => undefined);
      await b.close().catch(() => undefined);
    },
    close: () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(deadline);
      void b.close().catch(() => undefined);
    },
  };
}
