// What `lena chat` prints as the answer: only the answer kept when a stream broke and was asked
// again, paragraphs apart around server-tool blocks, and advice that names the command line's
// own knobs. The built command line, a temporary LENA_HOME and the stand-in Messages API.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  scenario,
  startMessagesApiServer,
  text,
  webSearchBlocks,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, lena, tempHome } from './cli-harness';
import { atTerminal } from './pty';
import { screenAfter } from './screen';

let home: string;
let api: MessagesApiServer;
const env = () => ({ ANTHROPIC_API_KEY: 'sk-ant-cli-test-key', ANTHROPIC_BASE_URL: api.url });

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-output-');
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat output', () => {
  it('a stream retried after overloaded_error prints only the answer kept', async () => {
    api.push(
      reply(text('Discarded partial words that', 4), {
        errorAfterEvents: { after: 6, type: 'overloaded_error', message: 'Overloaded' },
      }),
      reply(text('The kept answer.')),
    );
    const r = await lena(home, ['chat', '-p', 'hello'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('The kept answer.\n');
    api.push(
      reply(text('Discarded again', 4), {
        errorAfterEvents: { after: 6, type: 'overloaded_error', message: 'Overloaded' },
      }),
      reply(text('Kept in JSON.')),
    );
    const json = await lena(home, ['chat', '-p', 'hello', '--json'], { env: env() });
    expect(JSON.parse(json.stdout).text).toBe('Kept in JSON.');
  });

  it('on a terminal, a retried stream’s partial text is erased and the kept answer takes its place', async () => {
    api.push(
      reply(text('Discarded line one\nand line two\nand a third', 6), {
        errorAfterEvents: { after: 7, type: 'overloaded_error', message: 'Overloaded' },
      }),
      reply(text('The kept answer.')),
    );
    const r = await atTerminal(home, api.url, ['chat', '-p', 'hello'], [], {
      columns: 60,
      rows: 20,
    });
    expect(r.code, r.shown).toBe(0);
    expect(r.shown).toContain('Discarded line one\r\nand'); // streamed to the screen, two rows
    const screen = (await screenAfter(r.shown, 60, 20)).join('\n');
    expect(screen).toContain('The kept answer.');
    expect(screen).not.toMatch(/Discarded|line one|and l/);
    expect(screen).not.toContain('replaced by the new answer');
  });

  it('keeps the text before and after a server-tool block apart', async () => {
    api.push(
      reply(
        text('Let me search the web.'),
        ...webSearchBlocks('lena mcp', [{ url: 'https://example.com/', title: 'Example' }]),
        text('Found one page.'),
      ),
    );
    const r = await lena(home, ['chat', '-p', 'search'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Let me search the web.\n\nFound one page.\n');
  });

  it('advice names the command line’s knobs, never the window’s Continue or Settings', async () => {
    api.push(scenario.maxTokens('A long answer that'));
    const cut = await lena(home, ['chat', '-p', 'write a long essay'], { env: env() });
    expect(cut.code).toBe(6);
    expect(cut.stderr).toMatch(/lena chat --continue -p "go on" asks Claude to go on/);
    expect(cut.stderr).toMatch(/maxTokens in settings\.json/);
    expect(cut.stderr).not.toMatch(/Settings|Continue asks/);
    api.push(scenario.unknownStop('brand_new_reason'));
    const unknown = await lena(home, ['chat', '-p', 'hi'], { env: env() });
    expect(unknown.stderr).toMatch(/Run the command again to ask again\./);
    expect(unknown.stderr).not.toMatch(/Regenerate/);
  });
});
