// What a server may ask, performed as attacks on a real host: a project server named like a user
// server inherits none of that server's answers (security 30). A real stdio server
// (test/fixtures/mcp/asking-server.mjs on 2025-11-25) and the scripted Messages API.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import type { ServerStatus } from '../../../../shared/server-types';
import { startMessagesApiServer, type MessagesApiServer } from '../../../fixtures/messages-api';
import { ROOT, startHost, tempHome, type HostUnderTest } from './host-harness';

const ASKING_2025 = join(ROOT, 'test/fixtures/mcp/asking-server.mjs');

let api: MessagesApiServer;
beforeAll(async () => {
  api = await startMessagesApiServer();
});
afterAll(() => api.close());

function host(home: string): HostUnderTest {
  return startHost(home, { env: { ANTHROPIC_API_KEY: 'sk-ant-asks-test-0123456789', ANTHROPIC_BASE_URL: api.url } });
}

const resultText = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe('a project server named like a user server (security 30)', () => {
  it('gets no automatic sampling and sees none of the user server’s folders; its approval says it shadows it', async () => {
    const home = tempHome('lena-asks-');
    const secret = join(home, 'private');
    const project = join(home, 'proj');
    mkdirSync(secret);
    mkdirSync(project);
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [ASKING_2025] } } }));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ servers: { notes: { sampling: 'always', roots: [secret] } } }));
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [ASKING_2025, 'from-the-repo'] } } }));
    const { host: h, call } = host(home);
    await call('project:open', { folder: project });
    const waiting = (await call<ServerStatus[]>('servers:list')).find((s) => s.name === 'notes')!;
    expect(waiting).toMatchObject({ scope: 'project', status: 'needs-approval' });
    expect(waiting.approval!.risks).toContainEqual({ pattern: 'shadows-user', message: expect.stringMatching(/^name: replaces your own server "notes" .*none of that server's trust, rules, sampling answers, folders/) });
    expect((await call<ServerStatus>('servers:approve', { name: 'notes', approve: true, entryHash: waiting.approval!.entryHash })).status).toBe('connected');
    const s = await h.services();

    const roots = resultText(await s.runtime.manager.callTool('notes', 'roots', {}));
    expect(roots).toContain(pathToFileURL(project).href);
    expect(roots).not.toContain(pathToFileURL(secret).href);

    // The user's "always" is not this server's: its request is shown for review, and declining sends nothing.
    const before = api.messageRequests().length;
    const asked = new Promise<ClientQuestion>((res) => s.runtime.questions!.on('requested', res));
    const sampled = s.runtime.manager.callTool('notes', 'sample', {});
    const review = await asked;
    expect(review).toMatchObject({ kind: 'sampling-request', server: 'notes' });
    s.runtime.questions!.answer(review.id, { action: 'deny' });
    expect(JSON.parse(resultText(await sampled))).toMatchObject({ error: 'The user declined the sampling request' });
    expect(api.messageRequests().length).toBe(before);
    expect((await call<{ roots: string[]; sampling: string }>('servers:asks', { name: 'notes' }))).toMatchObject({ roots: [], sampling: 'ask' });
  }, 60_000);
});
