// A delegation followed again after a restart, to an agent whose card declares OAuth: the task was
// left at AUTH_REQUIRED and the sign-in has lapsed. Resumed, it meets a 401 (asked to sign in, in
// the delegation's own conversation), then the agent still says AUTH_REQUIRED (the sign-in granted
// too little: asked again); after the second sign-in Lena follows the SAME task with the token,
// sending no message, and the agent, now holding the credential, completes it. An agent whose
// card is behind the lapsed sign-in is asked for it before Lena reads the card, then followed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentToolName } from '../../../../shared/a2a';
import { AgentAuth } from '../../../../electron/core/agents/auth';
import { delegate, DEFAULT_DELEGATION_LIMITS } from '../../../../electron/core/agents/follow';
import { DelegationJournal } from '../../../../electron/core/agents/journal';
import { AgentsService } from '../../../../electron/core/agents/service';
import { resumeDelegations } from '../../../../electron/core/chat/agent-resume';
import type { AgentDelegates } from '../../../../electron/core/chat/agent-tools';
import { MemoryAuthStore } from '../../../../electron/core/mcp/auth/store';
import { defaultPermissionState } from '../../../../electron/core/permissions/scopes';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import { ToolGate } from '../../../../electron/core/permissions/tool-gate';
import { openConversationStore } from '../../../../electron/core/store/open-store';
import { startOAuthPeer, type OAuthPeer } from '../../../fixtures/a2a/oauth-peer';

let dir: string;
let peer: OAuthPeer;
let locked: OAuthPeer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-agent-resume-auth-'));
  [peer, locked] = await Promise.all([startOAuthPeer(), startOAuthPeer({ protectCard: true })]);
});
afterAll(async () => {
  await Promise.all([peer.close(), locked.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Agents whose sign-in grants only agent:tasks while `narrow.once` is set (then resets it). */
function agentsAt(sub: string, url: string) {
  const narrow = { once: true };
  const store = new MemoryAuthStore();
  const host = {
    interactive: false,
    timeoutMs: 10_000,
    open: async (u: URL) => {
      if (narrow.once) {
        narrow.once = false;
        u.searchParams.set('scope', 'agent:tasks');
      }
      await (await fetch(u, { redirect: 'follow' })).text();
    },
  };
  const file = join(dir, sub, 'agents.json');
  const make = () => new AgentsService({ file, env: {}, auth: new AgentAuth({ store, host }) });
  return { narrow, make, url };
}

/** Before the restart: signed in without agent:files, the task stops at AUTH_REQUIRED. */
async function leaveWaiting(service: AgentsService, url: string) {
  await service.add('files', { url });
  await service.signIn('files');
  const { connection } = await service.connect('files');
  const out = await delegate(
    connection,
    'files',
    { message: 'what is in plans.txt?' },
    {},
    new AbortController().signal,
  );
  expect(out.view.state).toBe('auth-required');
  return { taskId: out.view.taskId!, contextId: out.view.contextId };
}

/** The conversation and its tool call as Lena left them when it quit, then the next start. */
async function restart(
  sub: string,
  service: AgentsService,
  task: { taskId: string; contextId: string | null },
) {
  const opened = openConversationStore(join(dir, sub, 'lena.db'));
  const conv = opened.store.create({ title: 'plans' });
  const m = opened.store.append(conv.id, {
    role: 'assistant',
    content: [{ type: 'text', text: 'Asking the files agent.' }],
  });
  opened.store.upsertToolCall({
    id: 'toolu_files',
    conversationId: conv.id,
    messageId: m.id,
    server: 'agent files',
    tool: 'files',
    qualifiedName: agentToolName('files'),
    input: { message: 'what is in plans.txt?' },
    status: 'running',
  });
  const journal = await DelegationJournal.open(join(dir, sub, 'delegations.json'));
  journal.record({ key: `${conv.id}/toolu_files`, agent: 'files', ...task, startedAt: Date.now() });
  const asked: { conversationId: string; why: string; taskId: string | null }[] = [];
  const agents: AgentDelegates = {
    tools: () => service.tools(),
    connect: (name) => service.connect(name),
    limits: () => DEFAULT_DELEGATION_LIMITS,
    journal,
    ask: async () => null,
    signIn: async (q) => {
      asked.push({ conversationId: q.conversationId, why: q.why, taskId: q.view.taskId });
      await service.signIn(q.agent);
      return { ok: true };
    },
  };
  const gate = new ToolGate({
    permissions: await PermissionService.create({
      store: new MemoryPermissionStore(defaultPermissionState()),
    }),
    caller: {
      callTool: async () => ({ content: [] }),
      followTask: async () => ({ content: [] }),
    },
  });
  await resumeDelegations({
    agents,
    store: opened.store,
    emit: () => undefined,
    gate,
    registerCall: () => () => undefined,
  });
  const call = opened.store.toolCall(conv.id, 'toolu_files')!;
  opened.close();
  return { conversationId: conv.id, asked, call, text: JSON.stringify(call.result), journal };
}

describe('a delegation followed again after a restart', () => {
  it('asks the sign-in in its conversation at a 401 and at AUTH_REQUIRED, then completes the same task', async () => {
    const at = agentsAt('plain', peer.url);
    const task = await leaveWaiting(at.make(), peer.url);
    // While Lena was away the sign-in lapsed; the next sign-in again grants too little.
    peer.as.expireAccessTokens();
    peer.as.dropRefreshTokens();
    at.narrow.once = true;
    const received = peer.received.length;
    const out = await restart('plain', at.make(), task);
    expect(out.asked).toEqual([
      {
        conversationId: out.conversationId,
        why: 'Agent files refused to show the task without a valid sign-in.',
        taskId: task.taskId,
      },
      {
        conversationId: out.conversationId,
        why: 'Agent files stopped the task for a sign-in: Allow access to your files (agent:files) first.',
        taskId: task.taskId,
      },
    ]);
    expect(out.call.status).toBe('done');
    expect(out.text).toContain('Your files say: what is in plans.txt?');
    expect(out.text).toContain(`ended the task with state completed (task ${task.taskId}`);
    // No message was sent to resume it: the agent saw the token, not an empty message.
    expect(peer.received.length).toBe(received);
    expect(out.journal.waiting()).toEqual([]);
  });

  it('to an agent whose card is behind the lapsed sign-in: asked before the card is read, then followed', async () => {
    const at = agentsAt('locked', locked.url);
    const task = await leaveWaiting(at.make(), locked.url);
    locked.as.expireAccessTokens();
    locked.as.dropRefreshTokens();
    const out = await restart('locked', at.make(), task);
    expect(out.asked).toEqual([
      {
        conversationId: out.conversationId,
        why: `Agent files needs you to sign in before Lena can read its card and follow task ${task.taskId} again.`,
        taskId: task.taskId,
      },
    ]);
    expect(out.call.status).toBe('done');
    expect(out.text).toContain('Your files say: what is in plans.txt?');
  });
});
