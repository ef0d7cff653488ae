// The window's end of a view's postMessage channel, given to the SDK's AppBridge. Unlike the SDK's
// PostMessageTransport it names the proxy's origin on every send (a frame navigated elsewhere
// never reads a tool result), accepts only messages from that frame and origin, and counts them:
// a flood stops the view instead of the window.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { MessageRate } from './view-limits';

export interface ViewTransportOptions {
  /** The proxy frame's window. */
  target: Window;
  /** The proxy's origin (from the contract); messages from anything else are ignored. */
  origin: string;
  /** Called once when the view sends more than the rate allows; nothing it sends is handled after. */
  onFlood(): void;
  rate?: MessageRate;
  /** Where messages arrive (the window); a parameter for tests. */
  source?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export class ViewTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly rate: MessageRate;
  private readonly source: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  private closed = false;
  private flooded = false;

  constructor(private readonly options: ViewTransportOptions) {
    this.rate = options.rate ?? new MessageRate();
    this.source = options.source ?? window;
  }

  private readonly listener = (event: MessageEvent) => {
    if (this.closed || event.source !== this.options.target || event.origin !== this.options.origin)
      return;
    if (this.flooded) return;
    if (!this.rate.allow(Date.now())) {
      // Only the first message over the limit reports; it and the rest are dropped unread.
      this.flooded = true;
      this.options.onFlood();
      return;
    }
    const data: unknown = event.data;
    if (!isJsonRpc(data)) return;
    this.onmessage?.(data);
  };

  async start(): Promise<void> {
    this.source.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.options.target.postMessage(message, this.options.origin);
  }

  async close(): Promise<void> {
    const wasOpen = !this.closed;
    this.closed = true;
    this.source.removeEventListener('message', this.listener);
    if (wasOpen) this.onclose?.();
  }
}

function isJsonRpc(data: unknown): data is JSONRPCMessage {
  return (
    typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0'
  );
}
