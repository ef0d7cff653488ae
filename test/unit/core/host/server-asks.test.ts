// What a server may ask, performed as attacks on a real host: a project server named like a user
// server inherits none of that server's answers (security 30), and a server flooding one tool call
// with sampling requests and forms, on either protocol era, is held to the caps under "always"
// (security 31). Real stdio servers (test/fixtures/mcp/asking-server.mjs on 2025-11-25,
// test/fixtures/mcp-v2/asking-peer.mjs on 2026-07-28) and the scripted Messages API.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import type { ServerStatus } from '../../../../shared/server-types';
import type { HostServices } from '../../../../electron/core/host/services';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../../fixtures/messages-api';
import { ROOT, startHost, tempHome, type HostUnderTest } from './host-harness';

const ASKING_2025 = join(ROOT, 'test/fixtures/mcp/asking-server.mjs');
const ASKING_2026 = join(ROOT, 'test/fixtures/mcp-v2/asking-peer.mjs');

let api: MessagesApiServer;
beforeAll(async () => {
  api = await startMessagesApiServer();
});
afterAll(() => api.close());

function host(home: string): HostUnderTest {
  return startHost(home, {
    env: { ANTHROPIC_API_KEY: 'sk-ant-asks-test-0123456789', ANTHROPIC_BASE_URL: api.url },
  });
}

const resultText = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;
const notes = (s: HostServices, server: string) =>
  s.runtime.logs
    .log(server)
    .page(server)
    .rows.filter((r) => r.kind === 'note')
    .map((r) => r.summary);

describe('a project server named like a user server (security 30)', () => {
  it('gets no automatic sampling and sees none of the user server’s folders; its approval says it shadows it', async () => {
    const home = tempHome('lena-asks-');
    const secret = join(home, 'private');
    const project = join(home, 'proj');
    mkdirSync(secret);
    mkdirSync(project);
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [ASKING_2025] } } }),
    );
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ servers: { notes: { sampling: 'always', roots: [secret] } } }),
    );
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: { notes: { command: process.execPath, args: [ASKING_2025, 'from-the-repo'] } },
      }),
    );
    const { host: h, call } = host(home);
    await call('project:open', { folder: project });
    const waiting = (await call<ServerStatus[]>('servers:list')).find((s) => s.name === 'notes')!;
    expect(waiting).toMatchObject({ scope: 'project', status: 'needs-approval' });
    expect(waiting.approval!.risks).toContainEqual({
      pattern: 'shadows-user',
      message: expect.stringMatching(
        /^name: replaces your own server "notes" .*none of that server's trust, rules, sampling answers, folders/,
      ),
    });
    expect(
      (
        await call<ServerStatus>('servers:approve', {
          name: 'notes',
          approve: true,
          entryHash: waiting.approval!.entryHash,
        })
      ).status,
    ).toBe('connected');
    const s = await h.services();

    const roots = resultText(await s.runtime.manager.callTool('notes', 'roots', {}));
    expect(roots).toContain(pathToFileURL(project).href);
    expect(roots).not.toContain(pathToFileURL(secret).href);

    // The user's "always" is not this server's: its request is shown for review, and declining sends nothing.
    const before = api.messageRequests().length;
    const asked = new Promise<ClientQuestion>((res) =>
      s.runtime.asks!.on('requested', (q) => res(q as ClientQuestion)),
    );
    const sampled = s.runtime.manager.callTool('notes', 'sample', {});
    const review = await asked;
    expect(review).toMatchObject({ kind: 'sampling-request', server: 'notes' });
    s.runtime.asks!.answerQuestion(review.id, { action: 'deny' });
    expect(JSON.parse(resultText(await sampled))).toMatchObject({
      error: 'The user declined the sampling request',
    });
    expect(api.messageRequests().length).toBe(before);
    expect(
      await call<{ roots: string[]; sampling: string }>('servers:asks', { name: 'notes' }),
    ).toMatchObject({ roots: [], sampling: 'ask' });
  }, 60_000);
});

// A log row's summary is the start of its line.
/** Answers every question of the host: sampling answers go back, forms are declined; records the most waiting at once. */
function answerer(s: HostServices, opts: { holdForms?: boolean } = {}) {
  const questions = s.runtime.asks!;
  const seen = { forms: 0, samplingAnswers: 0, samplingReviews: 0, mostWaiting: 0 };
  const held: string[] = [];
  questions.on('requested', (ask) => {
    const q = ask as ClientQuestion;
    seen.mostWaiting = Math.max(
      seen.mostWaiting,
      questions.questions().filter((p) => p.server === q.server).length,
    );
    if (q.kind === 'elicitation-form') seen.forms += 1;
    if (q.kind === 'sampling-answer') seen.samplingAnswers += 1;
    if (q.kind === 'sampling-request') seen.samplingReviews += 1;
    if (q.kind === 'elicitation-form' && opts.holdForms) return void held.push(q.id);
    // Once every request of the round has been admitted or refused.
    setImmediate(() =>
      questions.answerQuestion(
        q.id,
        q.kind === 'elicitation-form' ? { action: 'decline' } : { action: 'approve' },
      ),
    );
  });
  const release = () =>
    held.splice(0).forEach((id) => questions.answerQuestion(id, { action: 'decline' }));
  return { seen, release };
}

function floodHome(server: string): string {
  const home = tempHome('lena-flood-');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { flood: { command: process.execPath, args: [server] } } }),
  );
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ servers: { flood: { sampling: 'always' } } }),
  );
  return home;
}

const sentMaxTokens = (from: number) =>
  api
    .messageRequests()
    .slice(from)
    .map((r) => (r.body as { max_tokens: number }).max_tokens);

describe('a server flooding one tool call (security 31)', () => {
  it('2025-11-25: of 30 sampling requests for 64,000 tokens under "always", 3 are sent with 4,096; of 30 forms, 2 wait; the rest are refused; the day’s tally outlives a restart', async () => {
    const home = floodHome(ASKING_2025);
    const first = host(home);
    const s = await first.host.services();
    await s.runtime.manager.whenReady(30_000);
    const { seen, release } = answerer(s, { holdForms: true });
    for (let i = 0; i < 3; i++) api.push(reply(text(`essay ${i}`)));
    const before = api.messageRequests().length;
    const flood = s.runtime.manager.callTool('flood', 'flood', {
      sampling: 30,
      forms: 30,
      maxTokens: 64_000,
    });
    // The forms are answered once all 30 have been shown or refused.
    await vi.waitFor(
      () =>
        expect(
          notes(s, 'flood').filter((n) =>
            /^request declined: flood already has 2 question/.test(n),
          ),
        ).toHaveLength(28),
      { timeout: 20_000 },
    );
    release();
    const got = JSON.parse(resultText(await flood)) as {
      sampling: { model?: string; code?: number; error?: string }[];
      forms: { action?: string; code?: number; error?: string }[];
    };

    expect(sentMaxTokens(before)).toEqual([4096, 4096, 4096]);
    expect(got.sampling.filter((r) => r.model)).toHaveLength(3);
    expect(got.sampling.slice(3)).toEqual(
      Array(27).fill({
        code: -32050,
        error: expect.stringMatching(
          /already made 3 sampling request\(s\) during .*the most Lena allows per call \(setting askLimits\.samplingPerCall\)/,
        ),
      }),
    );
    expect(got.forms.filter((r) => r.action === 'decline')).toHaveLength(2);
    expect(got.forms.filter((r) => r.code === -32050)).toHaveLength(28);
    expect(seen).toMatchObject({
      forms: 2,
      samplingAnswers: 3,
      samplingReviews: 0,
      mostWaiting: 2,
    });
    expect(notes(s, 'flood')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/maxTokens 64000: lowered to 4096/),
        expect.stringMatching(/^sampling request refused: flood already made 3 sampling/),
      ]),
    );

    // The day's tokens are on disk; with a daily limit at what was used, the restarted core refuses the next request.
    await first.close();
    // The tally is kept under the user server's identity key (flood@user:…), never its bare name.
    const tallies = Object.entries(
      JSON.parse(readFileSync(join(home, 'sampling-usage.json'), 'utf8')) as Record<
        string,
        { daily: { tokens: number; requests: number } }
      >,
    );
    expect(tallies.map(([key]) => key)).toEqual([
      expect.stringMatching(/^flood@user:[0-9a-f]{16}$/),
    ]);
    const used = tallies[0][1].daily;
    expect(used.requests).toBe(3);
    expect(used.tokens).toBeGreaterThan(0);
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({
        servers: { flood: { sampling: 'always' } },
        askLimits: { samplingTokensPerDay: used.tokens },
      }),
    );
    const again = host(home);
    const s2 = await again.host.services();
    await s2.runtime.manager.whenReady(30_000);
    const refused = JSON.parse(
      resultText(await s2.runtime.manager.callTool('flood', 'sample', {})),
    );
    expect(refused).toEqual({
      code: -32050,
      error: expect.stringMatching(new RegExp(`used its ${used.tokens} sampling tokens for today`)),
    });
    expect(api.messageRequests().length).toBe(before + 3);
  }, 60_000);

  it('2026-07-28: over 8 input_required rounds of 30 sampling requests and 30 forms each, 3 are sent with 4,096 and at most 2 questions wait', async () => {
    const home = floodHome(ASKING_2026);
    const { host: h } = host(home);
    const s = await h.services();
    await s.runtime.manager.whenReady(30_000);
    expect(s.runtime.manager.session('flood')?.mcp?.protocolVersion).toBe('2026-07-28');
    const { seen } = answerer(s);
    for (let i = 0; i < 3; i++) api.push(reply(text(`essay ${i}`)));
    const before = api.messageRequests().length;
    const rounds = JSON.parse(
      resultText(
        await s.runtime.manager.callTool('flood', 'flood', {
          sampling: 30,
          forms: 30,
          maxTokens: 64_000,
        }),
      ),
    ) as Record<string, string>[];

    expect(rounds).toHaveLength(8);
    expect(sentMaxTokens(before)).toEqual([4096, 4096, 4096]);
    const sampled = rounds.flatMap((r) =>
      Object.entries(r).filter(([k, v]) => k.startsWith('s') && v === 'sampled'),
    );
    expect(sampled).toHaveLength(3);
    // Every other request got an error it can read.
    for (const r of rounds) {
      for (const [k, v] of Object.entries(r))
        if (v !== 'sampled' && v !== 'decline') expect(v, k).toMatch(/^error -32050: /);
    }
    expect(rounds[0]).toMatchObject({
      s00: 'sampled',
      s01: expect.stringMatching(
        /already has 1 sampling request\(s\) running, and Lena runs at most 1 at a time per server/,
      ),
    });
    expect(rounds[7]).toMatchObject({
      s00: expect.stringMatching(/the most Lena allows per call/),
      f00: 'decline',
      f01: 'decline',
      f02: expect.stringMatching(/waiting for the user/),
    });
    expect(seen.mostWaiting).toBeLessThanOrEqual(2);
    expect(seen.samplingReviews).toBe(0);
    expect(seen.samplingAnswers).toBe(3);
  }, 60_000);
});
