// Ctrl-C during a plain (non-task) tool call of `lena chat`: the command exits with the
// interrupted code and the call is stored as cancelled, never with the text that says a server
// task is followed at the next start (that text is later sent to Claude). The built command line,
// the scripted MCP server's slow tool and the stand-in Messages API.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openConversationStore } from '../../../electron/core/store/open-store';
import {
  reply,
  startMessagesApiServer,
  toolUse,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { buildCli, CLI, FIXTURES, ROOT, tempHome } from './cli-harness';

let home: string;
let api: MessagesApiServer;

beforeAll(async () => {
  buildCli();
  home = tempHome('lena-chat-interrupt-');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        slow: { command: process.execPath, args: [join(FIXTURES, 'mcp/scripted-server.mjs')] },
      },
    }),
  );
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

it('Ctrl-C during a tool call exits 130 and stores a cancelled call, not the task-resume text', async () => {
  api.push(reply(toolUse('mcp__slow__sleep', { ms: 30_000 }, 'toolu_slow')));
  const child = spawn(process.execPath, [CLI, 'chat', '-p', 'wait', '--allow', 'mcp__slow'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH!,
      HOME: home,
      LENA_HOME: home,
      ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
      ANTHROPIC_BASE_URL: api.url,
    },
  });
  let stderr = '';
  let pressed = false;
  child.stderr.on('data', (d) => {
    stderr += d;
    if (!pressed && stderr.includes('◌ mcp__slow__sleep')) {
      pressed = true;
      child.kill('SIGINT');
    }
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  expect(code, stderr).toBe(130);

  const reopened = openConversationStore(join(home, 'lena.db'));
  try {
    const [summary] = reopened.store.list();
    const stored = JSON.stringify(reopened.store.get(summary.id));
    expect(stored).toContain('the call was cancelled');
    expect(stored).not.toMatch(/keeps its task|follows it at the next start/);
  } finally {
    reopened.close();
  }
});
