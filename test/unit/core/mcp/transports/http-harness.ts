// Shared set-up for the HTTP transport tests: everything started in a test is stopped after it.
import { afterEach } from 'vitest';
import { McpClient, type ClientOptions } from '../../../../../electron/core/mcp/client';
import type { Transport, TransportCloseInfo } from '../../../../../electron/core/mcp/transport';
import { wireLog } from '../wire-log';
import { startEverything, type RunningServer } from '../../../../fixtures/mcp-http/everything';
import {
  startScripted,
  type Handler,
  type ScriptedServer,
} from '../../../../fixtures/mcp-http/scripted-server';

const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs `fn` after the current test. */
export function later(fn: () => Promise<unknown> | unknown): void {
  cleanups.push(fn);
}

export async function everything(mode: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  const s = await startEverything(mode);
  later(() => s.stop());
  return s;
}

export async function scripted(handler: Handler, path?: string): Promise<ScriptedServer> {
  const s = await startScripted(handler, path);
  later(() => s.close());
  return s;
}

/** An McpClient over `transport`, with every diagnostic, error and close it reports collected. */
export function clientOver(
  transport: Transport,
  opts: ClientOptions = {},
): { client: McpClient; errors: string[]; closes: TransportCloseInfo[] } {
  const client = wireLog(transport).watch(new McpClient(transport, opts));
  const errors: string[] = [];
  const closes: TransportCloseInfo[] = [];
  client.on('log', (e) => {
    if (e.source === 'client') errors.push(String(e.data));
  });
  client.on('closed', (info) => closes.push(info));
  later(() => client.close());
  return { client, errors, closes };
}
