// What the real core behind the window can do yet: a flow's test runs once its channels answer
// (the lead wires services into electron/core/host as they land), and is skipped until then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel } from '../../../shared/contract';
import { createHost } from '../../../electron/core/host';
import { ROOT } from '../harness';

/** Valid arguments for probing a channel (an unknown id gives not-found once it is wired). */
const PROBE: Partial<Record<InvokeChannel, unknown>> = {
  'chat:send': { conversationId: 'probe', text: 'probe' },
  'chat:stop': { conversationId: 'probe' },
  'conversations:get': { id: 'probe' },
  'conversations:search': { query: 'probe' },
  'servers:logs': { name: 'probe' },
  'servers:approve': { name: 'probe', approve: false, entryHash: 'x' },
  'permissions:answer': { id: 'probe', decision: 'deny' },
};

/** Whether every channel is wired (answers anything but "unavailable") in a throwaway host. */
export async function coreHas(...channels: InvokeChannel[]): Promise<boolean> {
  const home = mkdtempSync(join(tmpdir(), 'lena-e2e-probe-'));
  const host = createHost({ home });
  try {
    for (const channel of channels) {
      const r = (await host.dispatch(channel, PROBE[channel], { senderUrl: 'test' })) as {
        ok: boolean;
        error?: { code: string };
      };
      if (!r.ok && r.error?.code === 'unavailable') return false;
    }
    return true;
  } finally {
    await host.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The installed entry file of a reference MCP server, started with this Node. */
export function referenceServer(name: 'memory' | 'everything' | 'filesystem'): string {
  return join(ROOT, 'node_modules/@modelcontextprotocol', `server-${name}`, 'dist/index.js');
}
