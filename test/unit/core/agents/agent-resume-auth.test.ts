// A delegation followed again after a restart, to an agent whose card declares OAuth: the task was
// left at AUTH_REQUIRED and the sign-in has lapsed. Resumed, it meets a 401 (asked to sign in, in
// the delegation's own conversation), then the agent still says AUTH_REQUIRED (the sign-in granted
// too little: asked again); after the second sign-in Lena follows the SAME task with the token,
// sending no message, and the agent, now holding the credential, completes it.
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

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-agent-resume-auth-'));
  peer = await startOAuthPeer();
});
afterAll(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a delegation followed again after a restart', () => {
  it('asks the sign-in in its conversation at a 401 and at AUTH_REQUIRED, then completes the same task', async () => {
    const narrow = { once: true };
    const store = new MemoryAuthStore();
    const auth = new AgentAuth({
      store,
      host: {
        interactive: false,
        timeoutMs: 10_000,
        open: async (url: URL) => {
          if (narrow.once) {
            narrow.once = false;
            url.searchParams.set('scope', 'agent:tasks');
          }
          await (await fetch(url, { redirect: 'follow' })).text();
        },
      },
    });
    const service = new AgentsService({ file: join(dir, 'agents.json'), env: {}, auth });
    await service.add('files', { url: peer.url });

    // Before the restart: signed in without agent:files, the task stops at AUTH_REQUIRED.
    await service.signIn('files');
    const { connection } = await service.connect('files');
    const first = await delegate(
      connection,
      'files',
      { message: 'what is in plans.txt?' },
      {},
      new AbortController().signal,
    );
    expect(first.view.state).toBe('auth-required');
    const taskId = first.view.taskId!;

    // The conversation and its tool call, as Lena left them when it quit.
    const opened = openConversationStore(join(dir, 'lena.db'));
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
    const journal = await DelegationJournal.open(join(dir, 'delegations.json'));
    journal.record({
      key: `${conv.id}/toolu_files`,
      agent: 'files',
      taskId,
      contextId: first.view.contextId,
      startedAt: Date.now(),
    });

    // While Lena was away the sign-in lapsed; the next sign-in again grants too little.
    peer.as.expireAccessTokens();
    peer.as.dropRefreshTokens();
    narrow.once = true;
    const received = peer.received.length;
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

    expect(asked).toEqual([
      {
        conversationId: conv.id,
        why: 'Agent files refused to show the task without a valid sign-in.',
        taskId,
      },
      {
        conversationId: conv.id,
        why: 'Agent files stopped the task for a sign-in: Allow access to your files (agent:files) first.',
        taskId,
      },
    ]);
    const call = opened.store.toolCall(conv.id, 'toolu_files')!;
    expect(call.status).toBe('done');
    const text = JSON.stringify(call.result);
    expect(text).toContain('Your files say: what is in plans.txt?');
    expect(text).toContain(`ended the task with state completed (task ${taskId}`);
    // No message was sent to resume it: the agent saw the token, not an empty message.
    expect(peer.received.length).toBe(received);
    expect(journal.waiting()).toEqual([]);
    opened.close();
  });
});
