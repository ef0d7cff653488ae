// The permission question for a tool of a sandboxed server says, in one muted line, what the
// sandbox lets the server do; it is asked all the same (issue 43 item 7).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { armedQuestion, denyQuestion } from './helpers/questions';

describe.skipIf(skipWhen('no-browser', 'no-sandbox'))('a sandboxed server’s question', () => {
  const win = sharedChatWindow({
    extraServers: {
      boxed: {
        command: process.execPath,
        args: [join(ROOT, 'test/fixtures/mcp/sandbox-probe.mjs')],
        sandbox: true,
      },
    },
  });

  it('says "sandboxed: can write only to …, no network" and still asks; other servers’ do not', async () => {
    const { page } = win().app;
    win().api.push(reply(toolUse('mcp__boxed__write', {})), reply(text('Not written.')));
    await ask(page, 'Write a file');
    const question = await armedQuestion(page);
    expect(await question.getByTestId('sandbox-line').textContent()).toBe(
      "sandboxed: can write only to its working folder, its roots and a temporary folder of its own; no network; cannot read your keys or Lena's home",
    );
    await win().app.screenshot('sandbox-question');
    await denyQuestion(page);

    win().api.push(
      reply(toolUse('mcp__every__echo', { message: 'hi' })),
      reply(text('Not echoed.')),
    );
    await ask(page, 'Echo hi');
    const other = await armedQuestion(page);
    expect(await other.getByTestId('wire-name').textContent()).toContain('mcp__every__echo');
    expect(await other.getByTestId('sandbox-line').count()).toBe(0);
    await denyQuestion(page);
  });
});
