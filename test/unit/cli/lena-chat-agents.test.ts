// `lena chat -p` delegating to A2A agents (real loopback SDK peers, the stand-in Messages API):
// with --allow a2a__NAME the task runs and its artifact reaches the next request wrapped as
// untrusted data with the task id and state; without it the delegation needs approval (never a
// side door); with --interactive the agent's question is answered at the terminal.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultsOf,
  toolResultText,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { BIG_ARTIFACT_BYTES, bigArtifact, startPeer, type Peer } from '../../fixtures/a2a/peers';
import { buildCli, tempHome } from './cli-harness';
import { atTerminal } from './pty';
import { runLena } from './run-cli';

let home: string;
let api: MessagesApiServer;
let instant: Peer;
let asks: Peer;
let big: Peer;

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-agents-');
  [api, instant, asks, big] = await Promise.all([
    startMessagesApiServer(),
    startPeer('instant'),
    startPeer('asks'),
    startPeer('big'),
  ]);
  writeFileSync(
    join(home, 'agents.json'),
    JSON.stringify({
      agents: {
        weather: { url: instant.url },
        city: { url: asks.url },
        reports: { url: big.url },
      },
    }),
  );
});
afterAll(async () => {
  await Promise.all([api.close(), instant.close(), asks.close(), big.close()]);
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat with agents', () => {
  it('offers each agent as a tool and delegates with --allow a2a__NAME', async () => {
    let sent = '';
    let tools: string[] = [];
    api.push(
      (req) => {
        tools = (req.body.tools ?? []).map((t) => (t as { name: string }).name);
        return reply(toolUse('a2a__weather', { message: 'weather in Oslo?' }, 'toolu_a2a'));
      },
      (req) => {
        sent = toolResultText(toolResultsOf(req)[0].content);
        return reply(text('The agent says it is sunny.'));
      },
    );
    const r = await runLena(home, api.url, [
      'chat',
      '-p',
      'ask the weather agent',
      '--allow',
      'a2a__weather',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(tools).toEqual(expect.arrayContaining(['a2a__weather', 'a2a__city']));
    expect(r.stdout).toContain('The agent says it is sunny.');
    expect(sent).toMatch(/Agent weather ended the task with state completed \(task \S+, context/);
    expect(sent).toMatch(
      /<untrusted-tool-output boundary="[^"]+">[\s\S]*Answer to: weather in Oslo\?/,
    );
    expect(instant.received).toContain('weather in Oslo?');
  });

  it('keeps an artifact past the inline limit as a file; Claude gets 1 MB and a note', async () => {
    let sent = '';
    api.push(reply(toolUse('a2a__reports', { message: 'the report' }, 'toolu_big')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('I read the first part.'));
    });
    const r = await runLena(home, api.url, [
      'chat',
      '-p',
      'get the report',
      '--allow',
      'a2a__reports',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const note =
      /\[… (\d+) bytes in all; the first (\d+) are shown here; the whole artifact is kept in the file (\S+), which the user can open\]/.exec(
        sent,
      );
    expect(note, sent.slice(-400)).not.toBeNull();
    expect(Number(note![1])).toBe(BIG_ARTIFACT_BYTES);
    expect(Number(note![2])).toBeLessThanOrEqual(1_000_000);
    expect(Buffer.byteLength(sent)).toBeLessThan(1_010_000);
    const file = note![3];
    expect(file.startsWith(join(home, 'attachments', 'delegations'))).toBe(true);
    expect(file.endsWith('/report.txt')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(bigArtifact());
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a delegation nobody approved, naming the --allow that would', async () => {
    let sent = '';
    const before = instant.received.length;
    api.push(reply(toolUse('a2a__weather', { message: 'again' }, 'toolu_no')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('ok'));
    });
    const r = await runLena(home, api.url, ['chat', '-p', 'ask again']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent).toContain('use --allow a2a__weather');
    expect(instant.received.length).toBe(before);
  });

  it('a deny rule on a2a__* wins over --allow', async () => {
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ permissions: { allow: [], ask: [], deny: ['a2a__*'] } }),
    );
    let sent = '';
    api.push(reply(toolUse('a2a__weather', { message: 'no' }, 'toolu_deny')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('ok'));
    });
    const r = await runLena(home, api.url, ['chat', '-p', 'x', '--allow', 'a2a__weather']);
    rmSync(join(home, 'settings.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(sent).toContain('denied by the rule deny a2a__*');
  });

  it("--interactive asks for the delegation, then answers the agent's question", async () => {
    let sent = '';
    api.push(reply(toolUse('a2a__city', { message: 'weather please' }, 'toolu_city')), (req) => {
      sent = toolResultText(toolResultsOf(req)[0].content);
      return reply(text('done'));
    });
    const ran = await atTerminal(
      home,
      api.url,
      ['chat', '-p', 'weather', '--interactive'],
      [
        [/type a letter, then Enter: /, 'o'],
        [/Answer the form\?/, 'y'],
        [/Your answer \*/, 'Bergen'],
      ],
    );
    expect(ran.code, ran.shown).toBe(0);
    expect(ran.shown).toContain(
      '? Claude wants to delegate a task to the A2A agent city (a2a__city)',
    );
    expect(ran.shown).toContain('The A2A agent city asks for information');
    expect(ran.shown).toContain("“Which city do you mean?” (the agent's own words)");
    expect(sent).toContain('Weather in Bergen: sunny');
  });
});
