// server-everything's roots, sampling and elicitation tools against Lena's real client and
// handlers, over stdio, Streamable HTTP and SSE. The user is a stand-in port that records what it
// was shown and answers; the window's own flow is tested in test/e2e/server-questions.test.ts.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialValues } from '../../../../../shared/elicitation-form';
import { McpClient } from '../../../../../electron/core/mcp/client';
import { createClientFeatures } from '../../../../../electron/core/mcp/client-features/index';
import type {
  FeaturePorts,
  FormQuestion,
  SamplingRequest,
  UrlQuestion,
} from '../../../../../electron/core/mcp/client-features/ports';
import { SseTransport } from '../../../../../electron/core/mcp/transports/sse';
import { StdioTransport } from '../../../../../electron/core/mcp/transports/stdio';
import { StreamableHttpTransport } from '../../../../../electron/core/mcp/transports/streamable-http';
import type { Transport } from '../../../../../electron/core/mcp/transport';
import { startEverything, type RunningServer } from '../../../../fixtures/mcp-http/everything';

const entry = join(
  resolve(__dirname, '../../../../..'),
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

function standInUser() {
  const seen: { sampling: SamplingRequest[]; forms: FormQuestion[]; urls: UrlQuestion[] } = {
    sampling: [],
    forms: [],
    urls: [],
  };
  const ports: FeaturePorts = {
    roots: { roots: () => [{ uri: 'file:///work/project', name: 'Project' }] },
    sampling: {
      sample: async (_s, req) => (
        seen.sampling.push(req),
        {
          ok: true,
          model: 'claude-stand-in',
          text: 'Hello from the stand-in',
          stopReason: 'endTurn',
        }
      ),
    },
    elicitation: {
      form: async (q) => (
        seen.forms.push(q),
        { action: 'accept', values: { ...initialValues(q.fields), name: 'Ada' } }
      ),
      url: async (q) => (seen.urls.push(q), { action: 'accept' }),
    },
  };
  return { seen, ports };
}

const text = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((c) => c.text ?? '').join('\n');

const wires: [string, () => Promise<{ transport: () => Transport; stop(): Promise<void> }>][] = [
  [
    'stdio',
    async () => ({
      transport: () => new StdioTransport({ command: process.execPath, args: [entry] }),
      stop: async () => undefined,
    }),
  ],
  [
    'Streamable HTTP',
    async () => {
      const s: RunningServer = await startEverything('streamableHttp');
      return {
        transport: () => new StreamableHttpTransport({ url: `${s.origin}/mcp` }),
        stop: s.stop,
      };
    },
  ],
  [
    'SSE',
    async () => {
      const s: RunningServer = await startEverything('sse');
      return { transport: () => new SseTransport({ url: `${s.origin}/sse` }), stop: s.stop };
    },
  ],
];

describe.each(wires)('server-everything asks Lena over %s', (_name, start) => {
  let wire: Awaited<ReturnType<typeof start>>;
  let client: McpClient;
  let user: ReturnType<typeof standInUser>;
  beforeAll(async () => {
    wire = await start();
    user = standInUser();
    client = new McpClient(wire.transport(), {
      features: createClientFeatures('every', user.ports),
      requestTimeoutMs: 30_000,
    });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await wire?.stop();
  });

  it('lists the 19 tools of a client with roots, sampling, elicitation (form and URL) and tasks for both', async () => {
    const names = (await client.listTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'get-roots-list',
        'trigger-sampling-request',
        'trigger-elicitation-request',
        'trigger-url-elicitation',
        'trigger-sampling-request-async',
        'trigger-elicitation-request-async',
      ]),
    );
    expect(names).toHaveLength(19);
  });

  it('a sampling request the server asks Lena to run as a task: the server polls it to the approved answer', async () => {
    const asked = user.seen.sampling.length;
    const r = text(
      await client.callTool('trigger-sampling-request-async', {
        prompt: 'Say hi later',
        maxTokens: 32,
      }),
    );
    expect(r).toContain('[COMPLETED]');
    expect(r).toContain('Hello from the stand-in');
    expect(user.seen.sampling.length).toBe(asked + 1);
    expect(user.seen.sampling.at(-1)).toMatchObject({ maxTokens: 32 });
  }, 30_000);

  it("an elicitation the server asks Lena to run as a task: the user's answer reaches the server", async () => {
    const r = text(await client.callTool('trigger-elicitation-request-async', {}));
    expect(r).toContain('[COMPLETED]');
    expect(r).toContain('Ada');
  }, 30_000);

  it('roots: the server sees exactly the roots the host gives', async () => {
    expect(text(await client.callTool('get-roots-list', {}))).toContain('file:///work/project');
  });

  it('sampling: the request arrives without temperature (not explained) and the approved answer goes back', async () => {
    const r = await client.callTool('trigger-sampling-request', {
      prompt: 'Say hi',
      maxTokens: 64,
    });
    expect(text(r)).toContain('Hello from the stand-in');
    const asked = user.seen.sampling.at(-1)!;
    expect(asked).toMatchObject({ maxTokens: 64, systemPrompt: 'You are a helpful test server.' });
    expect(asked.omitted).toEqual([]);
    expect(asked).not.toHaveProperty('temperature');
  });

  it('form elicitation: the form arrives parsed, and defaults the user kept reach the server', async () => {
    const r = text(await client.callTool('trigger-elicitation-request', {}));
    expect(r).toContain('- Name: Ada');
    expect(r).toContain('- Favorite Integer: 42');
    expect(r).toContain('- Favorite Number: 3.14');
    const form = user.seen.forms.at(-1)!;
    expect(form.fields.find((f) => f.key === 'titledSingleSelectEnum')).toMatchObject({
      kind: 'select',
      options: [{ value: 'hero-1', label: 'Superman' }, expect.anything(), expect.anything()],
    });
  });

  it('URL elicitation: the user is shown the origin and the acceptance goes back', async () => {
    const r = text(
      await client.callTool('trigger-url-elicitation', {
        url: 'https://example.com/pay?order=7',
        message: 'Pay for the order',
      }),
    );
    expect(r).toContain('User completed the URL elicitation flow');
    expect(user.seen.urls.at(-1)).toMatchObject({
      origin: 'https://example.com',
      url: 'https://example.com/pay?order=7',
      message: 'Pay for the order',
    });
  });
});

describe('what each front end declares', () => {
  it('roots only (lena mcp): 14 tools; nothing (no ports): 13', async () => {
    for (const [ports, count] of [
      [{ roots: { roots: () => [] } }, 14],
      [{}, 13],
    ] as const) {
      const c = new McpClient(new StdioTransport({ command: process.execPath, args: [entry] }), {
        features: createClientFeatures('every', ports),
        requestTimeoutMs: 30_000,
      });
      await c.connect();
      expect((await c.listTools()).length).toBe(count);
      await c.close();
    }
  }, 60_000);
});
