// Conversations a terminal user can go on with: the prompt from stdin, the conversation id at the
// end of human output (after the turn's tokens and cost), --continue, and the round limit's own exit code. The built command line,
// a temporary LENA_HOME and the stand-in Messages API.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, lena, tempHome } from './cli-harness';

let home: string;
let api: MessagesApiServer;
const env = () => ({ ANTHROPIC_API_KEY: 'sk-ant-cli-test-key', ANTHROPIC_BASE_URL: api.url });
const sentText = () => JSON.stringify(api.messageRequests().at(-1)!.body.messages);

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-continue-');
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat conversations', () => {
  it('reads the prompt from stdin, ends with the conversation id, and --continue goes on with it', async () => {
    api.push(reply(text('Piped answer.')));
    const first = await lena(home, ['chat', '-p', '-'], {
      env: env(),
      input: 'a question from a pipe\n',
    });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('Piped answer.\n');
    expect(sentText()).toContain('a question from a pipe');
    const id = / conversation (\S+); go on with: lena chat --continue/.exec(first.stderr)?.[1];
    expect(id).toBeTruthy();
    // The last line sums up the turn's tokens and cost, then names the conversation.
    const last = first.stderr.trim().split('\n').at(-1);
    expect(last).toMatch(/this turn · .* · conversation \S+; go on with: lena chat --continue/);
    expect(last).toContain(id!);

    // A pipe with no -p at all is the prompt too.
    api.push(reply(text('Second answer.')));
    const piped = await lena(home, ['chat', '--continue'], {
      env: env(),
      input: 'and a follow-up',
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(sentText()).toContain('a question from a pipe');
    expect(sentText()).toContain('Piped answer.');
    expect(sentText()).toContain('and a follow-up');
    expect(piped.stderr).toContain(`conversation ${id}; go on with`);

    const both = await lena(home, ['chat', '-p', 'x', '--continue', '--conversation', id!], {
      env: env(),
    });
    expect(both.code).toBe(2);
    const empty = await lena(home, ['chat', '-p', '-'], { env: env(), input: '  \n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/stdin held no message/);
  });

  it('stopping at the round limit exits 8 and says how to go on from the terminal', async () => {
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ maxRounds: 1 }));
    try {
      api.push(reply(toolUse('mcp__gone__tool', {}, 'toolu_limit')));
      const r = await lena(home, ['chat', '-p', 'keep working'], { env: env() });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toMatch(/Stopped after 1 rounds of tool use/);
      expect(r.stderr).toMatch(/settings\.json's maxRounds/);
      expect(r.stderr).toMatch(/lena chat --continue -p "go on"/);
      expect(r.stderr).not.toMatch(/Settings|Send a message/);
      const help = await lena(home, ['help']);
      expect(help.stdout).toMatch(/8\s+`lena chat`: stopped at the round limit/);
    } finally {
      rmSync(join(home, 'settings.json'), { force: true });
    }
  });
});
