// The window's resource subscriptions and list changes (issue 22). An attached resource is
// subscribed once per server session; when the server reconnects (a restart, a crash) its
// subscriptions are made again on the new session, and every change reaches the window as an
// event. The client does the protocol (resources/subscribe on 2025, the listen filter on 2026).
import type { McpClient } from '../mcp/client';
import type { McpManager } from '../mcp/manager/manager';
import { clientOf } from '../mcp/manager/offerings';
import type { HostEvents } from './events';

export class ResourceWatch {
  private readonly wanted = new Map<string, Set<string>>();
  /** The client whose events are forwarded, per server (a reconnect brings a new one). */
  private readonly seen = new Map<string, McpClient>();
  private readonly offStatus: () => void;

  constructor(
    private readonly manager: McpManager,
    private readonly events: HostEvents,
  ) {
    this.offStatus = manager.onStatus((status) => {
      if (status.status === 'connected') this.attach(status.name);
    });
    for (const s of manager.statuses()) if (s.status === 'connected') this.attach(s.name);
  }

  async subscribe(server: string, uri: string): Promise<void> {
    const client = await clientOf(this.manager, server);
    this.attach(server);
    await client.subscribeResource(uri);
    let set = this.wanted.get(server);
    if (!set) this.wanted.set(server, (set = new Set()));
    set.add(uri);
  }

  async unsubscribe(server: string, uri: string): Promise<void> {
    this.wanted.get(server)?.delete(uri);
    const client = this.manager.session(server)?.mcp;
    if (client?.state === 'connected') await client.unsubscribeResource(uri);
  }

  close(): void {
    this.offStatus();
  }

  private attach(server: string): void {
    const client = this.manager.session(server)?.mcp;
    if (!client || this.seen.get(server) === client) return;
    this.seen.set(server, client);
    client.on('resource-updated', (uri) => this.events.emit('resources:updated', { server, uri }));
    client.on('resources-changed', () =>
      this.events.emit('resources:list-changed', { server, kind: 'resources' }),
    );
    client.on('prompts-changed', () =>
      this.events.emit('resources:list-changed', { server, kind: 'prompts' }),
    );
    for (const uri of this.wanted.get(server) ?? []) {
      // The old session's subscriptions ended with it; a refusal now is only logged by the client.
      client.subscribeResource(uri).catch(() => undefined);
    }
  }
}
