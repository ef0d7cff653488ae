// Two transports linked in memory, as the MCP SDK's InMemoryTransport: what one sends the other
// receives, in order, on a later tick, after a trip through JSON (so a message that would not
// survive the wire does not survive here either). For fast client tests against in-process peers,
// next to the suites that run real processes and real HTTP; production never uses it.
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { Transport, TransportCallbacks, TransportCloseInfo } from '../transport';

export class InMemoryTransport implements Transport {
  readonly description: string;
  /** Like stdio: one ordered stream both ways, and an end that closes both sides. */
  readonly channel = 'stdio' as const;
  private peer: InMemoryTransport | undefined;
  private callbacks: TransportCallbacks | undefined;
  /** Messages that arrived before start(). */
  private readonly inbox: string[] = [];
  private closed = false;

  private constructor(description: string) {
    this.description = description;
  }

  /** The client's end and the server's end of one connection. */
  static createLinkedPair(
    name = 'in-memory',
  ): [client: InMemoryTransport, server: InMemoryTransport] {
    const client = new InMemoryTransport(`${name} (client end)`);
    const server = new InMemoryTransport(`${name} (server end)`);
    client.peer = server;
    server.peer = client;
    return [client, server];
  }

  async start(callbacks: TransportCallbacks): Promise<void> {
    if (this.callbacks) throw new Error(`${this.description} was already started`);
    if (this.closed) throw new Error(`${this.description} is closed`);
    this.callbacks = callbacks;
    for (const text of this.inbox.splice(0)) this.deliver(text);
  }

  send(message: JsonRpcMessage): Promise<void> {
    return this.sendSerialized(JSON.stringify(message));
  }

  async sendSerialized(json: string): Promise<void> {
    const peer = this.peer;
    if (this.closed || !peer || peer.closed)
      throw new Error(`cannot write to ${this.description}: the connection was closed`);
    // A later tick, as over a pipe: a reply never arrives inside the send that caused it.
    setImmediate(() => peer.receive(json));
  }

  async close(): Promise<void> {
    this.end({ reason: 'closed by Lena' });
    this.peer?.end({ reason: 'the other end closed the connection' });
  }

  private receive(text: string): void {
    if (this.closed) return;
    if (this.callbacks) this.deliver(text);
    else this.inbox.push(text);
  }

  private deliver(text: string): void {
    this.callbacks?.onMessage(JSON.parse(text) as JsonRpcMessage, text, Buffer.byteLength(text));
  }

  private end(info: TransportCloseInfo): void {
    if (this.closed) return;
    this.closed = true;
    this.callbacks?.onClose(info);
  }
}
