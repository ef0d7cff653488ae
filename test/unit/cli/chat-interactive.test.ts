// `lena chat --interactive` asking for tool calls at a real terminal: the built command line under
// util-linux `script` (a pseudo-terminal), the filesystem reference server and the stand-in
// Messages API. Answers are typed only after the question appears, as a person would.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { buildCli, SERVERS, tempHome } from './cli-harness';
import { atTerminal as runAtTerminal } from './pty';

const FS = join(SERVERS, 'server-filesystem/dist/index.js');
let home: string;
let files: string;
let api: MessagesApiServer;

/** `lena ARGS…` on a pseudo-terminal in this test's home. */
const atTerminal = (args: string[], answers: [RegExp, string][]) =>
  runAtTerminal(home, api.url, args, answers);

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-interactive-');
  files = join(home, 'files');
  mkdirSync(files);
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS, files] } } }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat --interactive', () => {
  it('asks for a tool call with its arguments readably; "once" runs it, a denial carries the reason', async () => {
    const path = join(files, 'asked.txt');
    const long = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    api.push(reply(toolUse('mcp__fs__write_file', { path, content: long }, 'toolu_asked')), (req) =>
      reply(text(`wrote: ${toolResultText(toolResultsOf(req)[0].content)}`)),
    );
    const ran = await atTerminal(
      ['chat', '-p', 'write it', '--interactive'],
      [[/type a letter, then Enter: /, 'o']],
    );
    expect(ran.code, ran.shown).toBe(0);
    // On a terminal the server start is one line, redrawn in place.
    expect(ran.shown).toContain('\r\x1b[Klena: starting servers (1/1): fs ready (');
    expect(ran.shown).not.toMatch(/lena: starting 1 server\(s\)/);
    expect(ran.shown).toMatch(/\? Claude wants to run write_file of the server fs/);
    expect(ran.shown).toMatch(/path: ".*asked\.txt"/);
    expect(ran.shown).toMatch(/content: \(\d+ characters, 20 line\(s\)\)/);
    expect(ran.shown).toMatch(/│ line 1\r?\n/);
    expect(ran.shown).toMatch(/… 14 more line\(s\)/);
    expect(ran.shown).toMatch(/\[o\]nce · \[c\]hat \(this conversation\) · \[a\]lways this tool/);
    expect(readFileSync(path, 'utf8')).toBe(long);

    // A line typed while the servers start is not an answer to the question shown later.
    const early = join(files, 'early.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: early, content: 'x' }, 'toolu_early')),
      reply(text('asked')),
    );
    const typedAhead = await atTerminal(
      ['chat', '-p', 'write early', '--interactive'],
      [
        [/starting servers/, 'o'],
        [/type a letter, then Enter: /, 'n'],
        [/Reason, told to Claude/, ''],
      ],
    );
    expect(typedAhead.code, typedAhead.shown).toBe(0);
    expect(typedAhead.shown).toMatch(/→ deny/);
    expect(existsSync(early)).toBe(false);

    const refused = join(files, 'refused.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: refused, content: 'x' }, 'toolu_refused')),
      (req) => reply(text(toolResultText(toolResultsOf(req)[0].content))),
    );
    const denied = await atTerminal(
      ['chat', '-p', 'write another', '--interactive'],
      [
        [/type a letter, then Enter: /, 'y'],
        [/is not one of the letters shown[\s\S]*type a letter, then Enter: /, 'n'],
        [/Reason, told to Claude/, 'not in that folder'],
      ],
    );
    expect(denied.code, denied.shown).toBe(0);
    expect(existsSync(refused)).toBe(false);
    expect(JSON.stringify(api.messageRequests().at(-1)!.body.messages)).toContain(
      'not in that folder',
    );
  });

  it('Ctrl-C at the question denies that call; "always this tool" asks once more and is kept', async () => {
    const first = join(files, 'ctrl-c.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: first, content: 'x' }, 'toolu_ctrl_c')),
      (req) => reply(text(toolResultText(toolResultsOf(req)[0].content))),
    );
    const interrupted = await atTerminal(
      ['chat', '-p', 'write', '--interactive'],
      [[/type a letter, then Enter: /, '\x03']],
    );
    expect(interrupted.code, interrupted.shown).toBe(0);
    expect(existsSync(first)).toBe(false);
    expect(JSON.stringify(api.messageRequests().at(-1)!.body.messages)).toContain('Ctrl-C');

    const kept = join(files, 'kept.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: kept, content: 'kept' }, 'toolu_always')),
      reply(text('done')),
    );
    const always = await atTerminal(
      ['chat', '-p', 'write', '--interactive'],
      [
        [/type a letter, then Enter: /, 'a'],
        [/will run without asking again\. Are you sure\? \[y\/N\]: /, 'y'],
      ],
    );
    expect(always.code, always.shown).toBe(0);
    expect(readFileSync(kept, 'utf8')).toBe('kept');
    // Kept in Lena's settings, so the next chat (even without a terminal) runs it unasked.
    const again = join(files, 'again.txt');
    api.push(
      reply(toolUse('mcp__fs__write_file', { path: again, content: 'again' }, 'toolu_again')),
      reply(text('done again')),
    );
    const next = await atTerminal(['chat', '-p', 'write again'], []);
    expect(next.code, next.shown).toBe(0);
    expect(readFileSync(again, 'utf8')).toBe('again');
  });
});
