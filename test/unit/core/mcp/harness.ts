// Starts real stdio servers for the MCP client tests and tears every one down afterwards.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { McpClient, type ClientOptions } from '../../../../electron/core/mcp/client';
import { StdioTransport, type StdioOptions } from '../../../../electron/core/mcp/transports/stdio';
import { InMemoryTransport } from '../../../../electron/core/mcp/transports/in-memory';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { wireLog, type WireLog } from './wire-log';

export const root = resolve(__dirname, '../../../..');
export const fixture = (name: string): string => join(root, 'test/fixtures/mcp', name);
export const reference = (pkg: string): string =>
  join(root, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js');

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A client over a real stdio process, with the host's log of it; closed after the test. */
export function stdioClient(
  script: string,
  args: string[] = [],
  opts: Partial<StdioOptions> = {},
  clientOpts: ClientOptions = {},
): { client: McpClient; transport: StdioTransport; log: WireLog } {
  const transport = new StdioTransport({
    command: process.execPath,
    args: [script, ...args],
    shutdownGraceMs: 500,
    ...opts,
  });
  const log = wireLog(transport);
  const client = log.watch(new McpClient(transport, clientOpts));
  cleanups.push(() => client.close());
  return { client, transport, log };
}

/** What an SDK server connects to: the in-memory pair's server end, in the SDK's transport shape. */
function sdkEnd(end: InMemoryTransport): SdkTransport {
  const sdk: SdkTransport = {
    start: () =>
      end.start({
        onMessage: (m) => sdk.onmessage?.(m as JSONRPCMessage),
        onError: (e) => sdk.onerror?.(e),
        onClose: () => sdk.onclose?.(),
      }),
    send: (message) => end.send(message as never),
    close: () => end.close(),
  };
  return sdk;
}

/**
 * A client linked in memory to an in-process server built with the SDK: no process, no port, so a
 * protocol test runs in milliseconds. Closed after the test.
 */
export async function inMemoryClient(
  server: { connect(transport: SdkTransport): Promise<void>; close(): Promise<void> },
  clientOpts: ClientOptions = {},
): Promise<{ client: McpClient; transport: InMemoryTransport; log: WireLog }> {
  const [transport, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(sdkEnd(serverEnd));
  const log = wireLog(transport);
  const client = log.watch(new McpClient(transport, clientOpts));
  cleanups.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, transport, log };
}

/** A temporary directory removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lena-mcp-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** True when no process with this pid is left (a zombie awaiting its reaper counts as gone). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return false;
  }
}
