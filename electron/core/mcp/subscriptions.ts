// subscriptions/listen (2026-07-28): one long-lived request whose stream carries the list_changed
// notifications Lena opts in to. A stream that drops (or that the server ends) is reopened after
// a backoff, and every list is fetched again, since changes may have been missed meanwhile. A
// server without the method is left alone; a stream that keeps failing before it is acknowledged
// is given up after a few tries, and the lists are then only as fresh as their cache hints.
import type { ServerCapabilities } from '../../../shared/mcp-types';
import { McpRpcError } from './errors';
import type { RequestOptions } from './jsonrpc';

export interface SubscriptionHost {
  request(
    method: string,
    params: Record<string, unknown>,
    opts: RequestOptions,
  ): Promise<Record<string, unknown>>;
  connected(): boolean;
  relistAll(): void;
  diagnostic(message: string): void;
}

/** The listen request waits this long before it is renewed (below setTimeout's 2^31 ms limit). */
const LISTEN_RENEW_MS = 12 * 60 * 60 * 1000;
const MAX_FAILURES = 5;
const MAX_BACKOFF_MS = 30_000;

export class Subscriptions {
  private filter: Record<string, boolean | string[]> | undefined;
  /** The list changes the server can announce (set by open). */
  private lists: Record<string, boolean> | undefined;
  /** URIs whose notifications/resources/updated Lena wants (`resourceSubscriptions`). */
  private resources: string[] = [];
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
    this.lists = filter;
    this.stopped = false;
    this.restart(false);
  }

  /**
   * The 2026 wire has no resources/subscribe: the URIs ride in the listen filter, so a change
   * of the set reopens the stream with the new filter (no re-listing: nothing was missed).
   */
  setResourceSubscriptions(uris: readonly string[]): void {
    this.resources = [...uris];
    if (this.lists && !this.stopped) this.restart(false);
  }

  private restart(reopened: boolean): void {
    const old = this.abort;
    this.abort = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    old?.abort('the subscription filter changed');
    const filter: Record<string, boolean | string[]> = { ...this.lists };
    if (this.resources.length > 0) filter.resourceSubscriptions = this.resources;
    this.filter = Object.keys(filter).length > 0 ? filter : undefined;
    this.listen(reopened);
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
    const abort = (this.abort = new AbortController());
    this.host
      .request(
        'subscriptions/listen',
        { notifications: this.filter },
        { timeoutMs: LISTEN_RENEW_MS, signal: abort.signal },
      )
      .then(
        () => {
          if (this.abort === abort) this.again(false); // the server ended it gracefully: open a new one
        },
        (e: unknown) => {
          // A stream replaced by one with a new filter ends quietly.
          if (this.stopped || !this.host.connected() || this.abort !== abort) return;
          if (e instanceof McpRpcError) {
            this.host.diagnostic(
              `subscriptions/listen refused (${e.serverMessage}); list changes are noticed only when the lists are fetched again`,
            );
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
      this.host.diagnostic(
        `the change stream (subscriptions/listen) failed ${this.failures} times in a row; gave up (${why ?? 'no reason'})`,
      );
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
