// The permission question says what a sandboxed server may do, as one line; it still asks.
import { describe, expect, it } from 'vitest';
import { AskBroker, type PendingRequest } from '../../../../electron/core/permissions/broker';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import type { ToolCallRequest } from '../../../../electron/core/permissions/types';
import { requestView } from '../../../../electron/core/permissions/view';
import { describeSandbox } from '../../../../electron/core/mcp/transports/sandbox/describe';

const call = (server: string): ToolCallRequest => ({
  conversationId: 'c1',
  qualifiedName: `mcp__${server}__write_file`,
  serverName: server,
  toolName: 'write_file',
  identity: { name: server, hash: `h-${server}` },
  tool: { name: 'write_file', inputSchema: { type: 'object' } },
  arguments: { path: 'notes.txt' },
});

describe('the permission question of a sandboxed server', () => {
  it('carries the sandbox line for a sandboxed server only, and still asks', async () => {
    const broker = new AskBroker({ timeoutMs: 10_000 });
    const asked: PendingRequest[] = [];
    broker.on('requested', (request) => {
      asked.push(request as PendingRequest);
      queueMicrotask(() => broker.answer(request.id, { kind: 'deny' }));
    });
    const gate = await PermissionService.create({
      store: new MemoryPermissionStore(),
      broker,
      sandbox: (server) => (server === 'boxed' ? `sandboxed: ${describeSandbox(true)}` : null),
    });

    const boxed = await gate.authorize(call('boxed'));
    const open = await gate.authorize(call('open'));

    // Nothing is allowed by itself because the server is sandboxed: the user was asked both times.
    expect([boxed.outcome, open.outcome]).toEqual(['deny', 'deny']);
    expect(asked).toHaveLength(2);
    expect(requestView(asked[0]).sandbox).toBe(
      "sandboxed: can write only to its working folder, its roots and a temporary folder of its own; no network; cannot read your keys or Lena's home",
    );
    expect(requestView(asked[1]).sandbox).toBeNull();
  });
});
