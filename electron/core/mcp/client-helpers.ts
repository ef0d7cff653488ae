// Small pure helpers of the client: close messages, ttl and log-level normalisation.
import type { ServerLogEntry } from './client-events';
import type { TransportCloseInfo } from './transport';

export function closeMessage(description: string, info: TransportCloseInfo): string {
  const tail = info.stderrTail?.trim();
  const last = tail ? `; last stderr: ${tail.split('\n').slice(-5).join('\n').slice(-800)}` : '';
  return `${description}: ${info.reason}${last}`;
}

/** ttlMs as the caching utility reads it: absent or negative is 0 (stale at once). */
export function asTtl(v: unknown): number {
  return typeof v === 'number' && v > 0 && Number.isFinite(v) ? v : 0;
}

export function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

const LEVELS = new Set([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);
export function normalLevel(v: unknown): ServerLogEntry['level'] {
  return typeof v === 'string' && LEVELS.has(v) ? (v as ServerLogEntry['level']) : 'info';
}
