// One gate: every path that runs a tool or sends a request on the user's behalf passes
// ToolGate.admit with its origin, and nothing else reaches the manager's callTool or followTask,
// or sends a server's sampling request to the Messages API. The scan lists the paths and fails
// when a module goes around the gate; the behaviour tests run the gate over a real client linked
// in memory to an SDK server, which records every tools/call it receives.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { ConversationTools } from '../../../../shared/chat/conversations';
import type { TaskRecord } from '../../../../electron/core/mcp/tasks/journal';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import {
  type ConversationSwitches,
  ToolGate,
  type GateOrigin,
  type GateRequest,
} from '../../../../electron/core/permissions/tool-gate';
import type { PermissionLists } from '../../../../electron/core/permissions/types';
import { inMemoryClient } from '../mcp/harness';

const ROOT = resolve(__dirname, '../../../..');

/** Each path that acts for the user, the file that starts it, and the origin it passes the gate with. */
const PATHS: Record<GateOrigin, string> = {
  model: 'electron/core/chat/tool-runner.ts',
  view: 'electron/core/host/apps/view-requests.ts',
  // Runs by hand and from the CLI name their origin to ServersService.admitByHand, which admits.
  'by-hand': 'electron/core/host/handlers/inspect-handlers.ts',
  cli: 'electron/cli/mcp/call.ts',
  'task-resume': 'electron/core/chat/task-resume.ts',
  // A server's sampling request: capped in mcp/client-features/caps.ts, then the gate.
  sampling: 'electron/core/host/feature-ports.ts',
};

/**
 * Where a Messages API request is sent: the user's own chat turn and its summary, and a server's
 * sampling request (feature-ports.ts), which sends only through the gate's ticket.
 */
const MESSAGES_API_ALLOWED = new Set([
  'electron/core/chat/stream-round.ts',
  'electron/core/chat/summary.ts',
  'electron/core/host/feature-ports.ts',
]);

/**
 * The only modules that may send a tools/call or follow a task: the gate, and the MCP layer below
 * it that carries the call the gate admitted (manager → session → client; a task followed again
 * after a reconnect inside that call).
 */
const LOW_LEVEL_ALLOWED = new Set([
  'electron/core/permissions/tool-gate.ts',
  'electron/core/mcp/manager/manager.ts',
  'electron/core/mcp/manager/server-session.ts',
  'electron/core/mcp/tasks/resume.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line  text` for each line of the electron/ sources matching `pattern`. */
function occurrences(pattern: RegExp): string[] {
  return sources('electron').flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}  ${line.trim()}`] : [])),
  );
}

describe('every path that runs a tool passes the one gate', () => {
  it('sends tools/call or follows a task only from the gate and the MCP layer under it', () => {
    const calls = occurrences(/\.(callTool|followTask|followToolTask)\(/).filter(
      (hit) => !LOW_LEVEL_ALLOWED.has(hit.slice(0, hit.indexOf(':'))),
    );
    expect(calls, 'a module calls the server without the gate').toEqual([]);
  });

  it("sends a server's sampling request to Claude only through the gate's ticket", () => {
    const sends = occurrences(/\.messages\.(create|stream)\(/);
    expect(
      sends.filter((hit) => !MESSAGES_API_ALLOWED.has(hit.slice(0, hit.indexOf(':')))),
    ).toEqual([]);
    const sampling = sends.filter((hit) => hit.startsWith('electron/core/host/feature-ports.ts:'));
    expect(sampling).toHaveLength(1);
    expect(sampling[0]).toMatch(/admitted\.send\(\(\) => client\.messages\.create\(/);
  });

  it("decides only inside the gate: no other module calls the permission service's authorize", () => {
    const hits = occurrences(/\.(authorize|authorizeByHand)\(/).filter(
      (hit) => !hit.startsWith('electron/core/permissions/tool-gate.ts:'),
    );
    expect(hits).toEqual([]);
    expect(occurrences(/new ToolGate\(/).map((h) => h.slice(0, h.indexOf(':')))).toEqual([
      'electron/core/host/wiring.ts',
    ]);
  });

  it('lists every origin, and each path admits its calls with its own origin', () => {
    const gate = readFileSync(join(ROOT, 'electron/core/permissions/tool-gate.ts'), 'utf8');
    const union = /export type GateOrigin = ([^;]+);/.exec(gate)![1];
    const origins = [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort();
    expect(origins, 'a new origin needs its row in PATHS').toEqual(Object.keys(PATHS).sort());
    for (const [origin, file] of Object.entries(PATHS)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).toMatch(
        new RegExp(`\\.admit\\(\\{\\s*origin: '${origin}'|\\.admitByHand\\(\\s*'${origin}'`),
      );
    }
  });
});

/** An SDK server with one tool, `write`, that records the arguments of every call it receives. */
function recordingServer(received: unknown[]): Server {
  const server = new Server({ name: 'fs', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'write', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    received.push(req.params.arguments);
    return { content: [{ type: 'text', text: 'written' }] };
  });
  return server;
}

const TASK: TaskRecord = {
  key: 'conv/toolu_1',
  server: 'fs',
  tool: 'write',
  task: { taskId: 't-1', status: 'working' } as TaskRecord['task'],
  since: 0,
};

async function gateOver(
  lists: Partial<PermissionLists>,
  options: { broker?: AskBroker; switches?: ConversationSwitches } = {},
) {
  const received: unknown[] = [];
  const followed: string[] = [];
  const { client } = await inMemoryClient(recordingServer(received));
  await client.connect();
  await client.listTools();
  const permissions = await PermissionService.create({
    store: new MemoryPermissionStore({
      ...defaultPermissionState(),
      permissions: { allow: [], ask: [], deny: [], ...lists },
    }),
    ...(options.broker ? { broker: options.broker } : {}),
  });
  const gate = new ToolGate({
    permissions,
    ...(options.switches ? { switches: options.switches } : {}),
    caller: {
      callTool: (_server, tool, args, opts) => client.callTool(tool, args, opts),
      followTask: async (record) => {
        followed.push(record.task.taskId);
        return { content: [{ type: 'text', text: 'task done' }] };
      },
    },
  });
  const request = (
    origin: (typeof ORIGINS)[number],
    args: Record<string, unknown>,
  ): GateRequest => {
    const call = {
      conversationId: 'conv',
      toolUseId: 'toolu_1',
      qualifiedName: 'mcp__fs__write',
      serverName: 'fs',
      toolName: 'write',
      identity: { name: 'fs', hash: 'h-fs', source: 'user' as const },
      tool: { name: 'write', inputSchema: { type: 'object' } },
      arguments: args,
    };
    return origin === 'task-resume' ? { origin, call, task: TASK } : { origin, call };
  };
  return { gate, received, followed, request };
}

const ORIGINS = ['model', 'view', 'by-hand', 'cli', 'task-resume'] as const;

describe('the gate on every origin', () => {
  it('a deny rule refuses the call from every origin, naming the rule; the server never sees it', async () => {
    const { gate, received, followed, request } = await gateOver({
      deny: [{ rule: 'mcp__fs__write' }],
      allow: [{ rule: 'mcp__fs' }],
    });
    for (const origin of ORIGINS) {
      const verdict = await gate.admit(request(origin, { path: '/etc/passwd' }));
      expect(verdict, origin).toMatchObject({
        outcome: 'deny',
        audit: { decision: 'deny', decidedBy: 'rule deny mcp__fs__write (user)' },
        message: expect.stringContaining('denied by the rule deny mcp__fs__write (user)'),
      });
      expect(verdict.outcome === 'deny' && verdict.message, origin).toContain(
        "remove that rule in Lena's settings",
      );
    }
    expect(received).toEqual([]);
    expect(followed).toEqual([]);
  });

  it('an ask rule: the model and a view wait for the dialog; by hand, the CLI and a resumed task run', async () => {
    const broker = new AskBroker();
    const asked: string[] = [];
    broker.on('requested', (r) => {
      asked.push(r.kind === 'permission' ? (r.origin ?? 'model') : r.kind);
      broker.answer(r.id, { kind: 'deny', reason: 'not now' });
    });
    const { gate, received, followed, request } = await gateOver(
      { ask: [{ rule: 'mcp__fs__write' }] },
      { broker },
    );
    for (const origin of ['model', 'view'] as const) {
      expect(await gate.admit(request(origin, {})), origin).toMatchObject({ outcome: 'deny' });
    }
    expect(asked).toEqual(['model', 'view']);
    for (const origin of ['by-hand', 'cli', 'task-resume'] as const) {
      const verdict = await gate.admit(request(origin, { n: origin }));
      expect(verdict.outcome, origin).toBe('allow');
      if (verdict.outcome === 'allow') await verdict.run();
    }
    expect(asked).toHaveLength(2);
    expect(received).toEqual([{ n: 'by-hand' }, { n: 'cli' }]);
    expect(followed).toEqual(['t-1']);
  });

  it("a tool or server switched off in the call's conversation is refused from every origin, before the rules", async () => {
    const choices: Record<string, ConversationTools> = {
      conv: { offServers: [], tools: { mcp__fs__write: false } },
    };
    const { gate, received, followed, request } = await gateOver(
      { allow: [{ rule: 'mcp__fs' }] },
      { switches: (id) => choices[id] ?? null },
    );
    const refusals = async () => {
      for (const origin of ORIGINS)
        expect(await gate.admit(request(origin, {})), origin).toMatchObject({
          outcome: 'deny',
          audit: { decision: 'deny', decidedBy: 'switched off in this conversation' },
          message: expect.stringMatching(/off in this conversation.*switch it on/),
        });
    };
    await refusals();
    choices.conv = { offServers: ['fs'], tools: {} };
    await refusals();
    expect(received).toEqual([]);
    expect(followed).toEqual([]);
    // Switched on again (or never set), the rules decide as before.
    choices.conv = { offServers: [], tools: { mcp__fs__write: true } };
    const verdict = await gate.admit(request('view', { n: 1 }));
    if (verdict.outcome !== 'allow') throw new Error(`denied: ${verdict.message}`);
    await verdict.run();
    delete choices.conv;
    expect((await gate.admit(request('cli', {}))).outcome).toBe('allow');
    expect(received).toEqual([{ n: 1 }]);
  });

  it('an allowed call runs once, with the arguments the gate saw', async () => {
    const { gate, received, request } = await gateOver({ allow: [{ rule: 'mcp__fs__write' }] });
    const args: Record<string, unknown> = { path: 'notes.md' };
    const verdict = await gate.admit(request('model', args));
    if (verdict.outcome !== 'allow') throw new Error(`denied: ${verdict.message}`);
    args.path = '/etc/passwd';
    expect(await verdict.run()).toMatchObject({ content: [{ text: 'written' }] });
    await expect(verdict.run()).rejects.toThrow('already run once');
    expect(received).toEqual([{ path: 'notes.md' }]);
  });

  it('a model call refused for want of a sign-in is made again once the user signed in; no other origin retries', async () => {
    const { request } = await gateOver({});
    let calls = 0;
    const signIns: string[] = [];
    const permissions = await PermissionService.create({
      store: new MemoryPermissionStore({
        ...defaultPermissionState(),
        permissions: { allow: [{ rule: 'mcp__fs' }], ask: [], deny: [] },
      }),
    });
    const gate = new ToolGate({
      permissions,
      caller: {
        callTool: async () => {
          calls += 1;
          if (calls === 1) throw new Error('401: sign in required');
          return { content: [{ type: 'text', text: 'written' }] };
        },
        followTask: async () => ({ content: [] }),
      },
      signIn: async (_err, server, tool) => {
        signIns.push(`${server} ${tool}`);
        return true;
      },
    });
    const model = await gate.admit(request('model', {}));
    if (model.outcome !== 'allow') throw new Error(model.message);
    expect(await model.run()).toMatchObject({ content: [{ text: 'written' }] });
    expect(signIns).toEqual(['fs write']);
    calls = 0;
    const byHand = await gate.admit(request('by-hand', {}));
    if (byHand.outcome !== 'allow') throw new Error(byHand.message);
    await expect(byHand.run()).rejects.toThrow('401: sign in required');
    expect(signIns).toHaveLength(1);
  });
});
