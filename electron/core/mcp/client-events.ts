// The client's typed events and its bounded list of log entries (the server's
// notifications/message plus the client's own warnings about that server).
import type { LoggingLevel, Prompt, Resource, Tool } from '../../../shared/mcp-types';
import type { McpError } from './errors';
import type { TransportCloseInfo } from './transport';

export interface ServerLogEntry {
  at: number;
  /** 'server': a notifications/message; 'client': Lena's own note (a skipped line, an unknown id). */
  source: 'server' | 'client';
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

/** Event name → listener arguments. */
export interface ClientEventMap {
  state: [
    state: 'disconnected' | 'connecting' | 'connected' | 'failed',
    error: McpError | undefined,
  ];
  'tools-changed': [tools: Tool[]];
  'resources-changed': [resources: Resource[]];
  'prompts-changed': [prompts: Prompt[]];
  /** notifications/resources/updated for a subscribed URI (or a sub-resource of one). */
  'resource-updated': [uri: string];
  log: [entry: ServerLogEntry];
  /** The transport ended on its own (crash, exit); not emitted for close(). */
  closed: [info: TransportCloseInfo];
}

type Listener<K extends keyof ClientEventMap> = (...args: ClientEventMap[K]) => void;

export class ClientEvents {
  // Keyed by event name; each set holds listeners of that event's type.
  private readonly listeners = new Map<keyof ClientEventMap, Set<unknown>>();
  private readonly logs: ServerLogEntry[] = [];

  constructor(private readonly logCapacity: number) {}

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof ClientEventMap>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Log entries kept so far, oldest first. */
  logEntries(): ServerLogEntry[] {
    return [...this.logs];
  }

  protected emit<K extends keyof ClientEventMap>(event: K, ...args: ClientEventMap[K]): void {
    const set = this.listeners.get(event) as Set<Listener<K>> | undefined;
    if (!set || set.size === 0) return;
    for (const l of set) {
      try {
        l(...args);
      } catch {
        // A faulty listener must not break the session; listeners are the UI's and the manager's.
      }
    }
  }

  protected serverLog(entry: ServerLogEntry): void {
    this.logs.push(entry);
    if (this.logs.length > this.logCapacity)
      this.logs.splice(0, this.logs.length - this.logCapacity);
    this.emit('log', entry);
  }
}
