// URL elicitation of an address on this computer (http://localhost:<port>, 127.0.0.0/8, [::1]):
// from a remote server it is refused before anyone is asked (the server reads why, the user gets a
// line on the server's overview and in its log); from a local server it is asked, marked as an
// address on this computer. The real server-everything over Streamable HTTP asks
// (trigger-url-elicitation). The "remote" entry's URL names a host that is not this computer; its
// transport is pointed at the same loopback server, as a DNS answer would, so the decision is made
// from the configured address as it is for a real remote server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UrlQuestion } from '../../../../../electron/core/mcp/client-features/ports';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';
import type { ServerLogEntry } from '../../../../../electron/core/mcp/client-events';
import { startEverything, type RunningServer } from '../../../../fixtures/mcp-http/everything';

const REMOTE_HOST = 'mcp.remote.example';
let server: RunningServer;
let manager: McpManager;
let dir: string;
const asked: UrlQuestion[] = [];
const logged: { server: string; entry: ServerLogEntry }[] = [];

beforeAll(async () => {
  server = await startEverything('streamableHttp');
  const port = new URL(server.origin).port;
  dir = mkdtempSync(join(tmpdir(), 'lena-loopback-links-'));
  writeFileSync(
    join(dir, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        remote: { url: `http://${REMOTE_HOST}:${port}/mcp` },
        local: { url: `${server.origin}/mcp` },
      },
    }),
  );
  const base = defaultTransportFactory();
  manager = new McpManager({
    sources: { userFile: join(dir, 'mcp.json') },
    env: {},
    createTransport: (name, launch, hooks) =>
      base(
        name,
        launch.transport === 'stdio'
          ? launch
          : { ...launch, url: launch.url.replace(REMOTE_HOST, '127.0.0.1') },
        hooks,
      ),
    // The stand-in user says yes to every link it is shown (the browser is not opened here).
    features: {
      elicitation: {
        form: async () => ({ action: 'decline' }),
        url: async (q) => (asked.push(q), { action: 'accept' }),
      },
    },
    onClientLog: (name, entry) => logged.push({ server: name, entry }),
  });
  await manager.start();
}, 60_000);

afterAll(async () => {
  await manager?.shutdown();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const text = (result: { content: unknown[] }) => JSON.stringify(result.content);

it('a remote server linking to localhost is refused: nothing is asked, the server reads why, the user sees a line', async () => {
  expect(manager.status('remote')).toMatchObject({ status: 'connected' });
  const result = await manager.callTool('remote', 'trigger-url-elicitation', {
    url: 'http://localhost:8080/admin/reset?confirm=1',
    message: 'Finish signing in',
  });
  expect(asked).toEqual([]);
  expect(text(result)).toMatch(
    /http:\/\/localhost:8080 is on the user's own computer \(loopback\) and this server is remote/,
  );
  const line = manager.status('remote')?.logAlert;
  expect(line).toMatchObject({
    level: 'warning',
    text: expect.stringContaining(
      'Refused a link from remote: it asked you to open http://localhost:8080, an address on your own computer',
    ),
  });
  expect(logged.filter((l) => l.server === 'remote').map((l) => l.entry.data)).toEqual([
    line!.text,
  ]);

  // Every spelling of this computer is refused the same way.
  for (const url of ['http://127.0.0.2:5000/', 'https://[::1]:8443/x', 'http://0.0.0.0:3000/']) {
    const again = await manager.callTool('remote', 'trigger-url-elicitation', {
      url,
      message: 'Open',
    });
    expect(text(again), url).toMatch(/is on the user's own computer \(loopback\)/);
  }
  expect(asked).toEqual([]);
});

it('a local server linking to localhost is asked, marked as an address on this computer; an https link is not marked', async () => {
  await manager.callTool('local', 'trigger-url-elicitation', {
    url: 'http://localhost:8080/callback',
    message: 'Finish signing in',
  });
  await manager.callTool('remote', 'trigger-url-elicitation', {
    url: 'https://pay.example.com/checkout',
    message: 'Pay',
  });
  expect(asked.map((q) => [q.server, q.origin, q.loopback])).toEqual([
    ['local', 'http://localhost:8080', true],
    ['remote', 'https://pay.example.com', false],
  ]);
  expect(manager.status('local')?.logAlert ?? null).toBeNull();
});
