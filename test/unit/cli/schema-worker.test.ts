// The schema checker's worker ships inside the built command line (out/cli/lena.js): its source is
// an inline string and Ajv is found through the bundle's own resolution. `lena chat -p` against a
// server with catastrophic patterns: the stopped check lets the allowed call run, and an ordinary
// pattern is still enforced (proof that the worker really validated, rather than failed to start).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../fixtures/messages-api';
import { buildCli, ROOT, runLena } from './run-cli';

const SLOW = join(ROOT, 'test/fixtures/mcp/slow-pattern-server.mjs');
let home: string;
let api: MessagesApiServer;
const resultText = (req: RecordedRequest, id: string): string =>
  toolResultText(toolResultsOf(req).find((r) => r.tool_use_id === id)?.content);

const lena = (args: string[]) => runLena(home, api.url, args);

beforeAll(async () => {
  buildCli();
  home = mkdtempSync(join(tmpdir(), 'lena-schema-cli-'));
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [SLOW] } } }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('schema validation in the built command line', () => {
  it('stops a catastrophic pattern, runs the call, and still enforces an ordinary pattern', async () => {
    api.push(
      reply(
        toolUse('mcp__slow__alternation', { s: `${'a'.repeat(34)}!` }, 'toolu_evil'),
        toolUse('mcp__slow__strict', { s: 'ABC' }, 'toolu_strict'),
      ),
      (req) => reply(text(`${resultText(req, 'toolu_evil')} | ${resultText(req, 'toolu_strict')}`)),
    );
    const r = await lena(['chat', '-p', 'go', '--allow', 'mcp__slow', '--json']);
    expect(r.stderr).not.toMatch(/Cannot find module|schema checker did not start/);
    expect(r.code).toBe(0);
    const sent = api.messageRequests().at(-1)!;
    expect(resultText(sent, 'toolu_evil')).toContain('ran alternation');
    expect(resultText(sent, 'toolu_strict')).toMatch(
      /Invalid arguments for mcp__slow__strict: \/s must match pattern/,
    );
  });
});
