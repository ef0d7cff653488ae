// subscriptions/listen (2026-07-28): one long-lived request whose stream carries the list_changed
// notifications Lena opts in to. A stream that drops (or that the server ends) is reopened after
// a backoff, and every list is fetched again, since changes may have been missed meanwhile. A
// server without the method is left alone; a stream that keeps failing before it is acknowledged
// is given up after a few tries, and the lists are then only as fresh as their cache hints.
import type { ServerCapabilities } from '../../../shared/mcp-types';
import { McpRpcError } from './errors';
import type { RequestOptions } from './jsonrpc';

export interface SubscriptionHost {
  request(method: string, params: Record<string, unknown>, opts: RequestOptions): Promise<Record<string, unknown>>;
  connected(): boolean;
  relistAll(): void;
  diagnostic(message: string): void;
}

/** The listen request waits this long before it is renewed (below setTimeout's 2^31 ms limit). */
const LISTEN_RENEW_MS = 12 * 60 * 60 * 1000;
const MAX_FAILURES = 5;
const MAX_BACKOFF_MS = 30_000;

export class Subscriptions {
  private filter: Record<string, boolean> | undefined;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private abort: AbortController | undefined;

  constructor(private readonly host: SubscriptionHost) {}

  /** Opens the stream for what the server says can change; nothing when nothing can. */
  open(capabilities: ServerCapabilities): void {
    const filter: Record<string, boolean> = {};
    if (capabilities.tools?.listChanged) filter.toolsListChanged = true;
    if (capabilities.resources?.listChanged) filter.resourcesListChanged = true;
    if (capabilities.prompts?.listChanged) filter.promptsListChanged = true;
    if (Object.keys(filter).length === 0) return;
    this.filter = filter;
    this.stopped = false;
    this.listen(false);
  }

  /** notifications/subscriptions/acknowledged: the stream works; the failure streak ends. */
  acknowledged(_params: Record<string, unknown> | undefined): void {
    this.failures = 0;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort?.abort('the session ended');
  }

  private listen(reopened: boolean): void {
    if (this.stopped || !this.filter || !this.host.connected()) return;
    if (reopened) this.host.relistAll();
    this.abort = new AbortController();
    this.host.request('subscriptions/listen', { notifications: this.filter }, { timeoutMs: LISTEN_RENEW_MS, signal: this.abort.signal }).then(
      () => this.again(false), // the server ended it gracefully: open a new one
      (e: unknown) => {
        if (this.stopped || !this.host.connected()) return;
        if (e instanceof McpRpcError) {
          this.host.diagnostic(`subscriptions/listen refused (${e.serverMessage}); list changes are noticed only when the lists are fetched again`);
          return;
        }
        this.again(true, (e as Error).message);
      },
    );
  }

  private again(failed: boolean, why?: string): void {
    if (this.stopped) return;
    if (failed) this.failures += 1;
    if (this.failures > MAX_FAILURES) {
      this.host.diagnostic(`the change stream (subscriptions/listen) failed ${this.failures} times in a row; gave up (${why ?? 'no reason'})`);
      return;
    }
    const delay = failed ? Math.min(250 * 2 ** (this.failures - 1), MAX_BACKOFF_MS) : 0;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.listen(true);
    }, delay);
    this.timer.unref();
  }
}
