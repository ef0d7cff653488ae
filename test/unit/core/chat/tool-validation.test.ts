// Security (issue 12, item 4) through the agent loop: a server's catastrophic `pattern` neither
// freezes the turn nor costs anything for a denied call. The gate decides first; validation runs
// after it in the schema checker's worker, and a check stopped at its deadline lets the allowed
// call go on with "could not validate" on its card.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaChecker } from '../../../../electron/core/mcp/registry/schema-check';
import {
  reply,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { autoAnswer, chatHarness, type ChatHarness } from './harness';

const SLOW = resolve(__dirname, '../../../fixtures/mcp/slow-pattern-server.mjs');
const servers = { slow: { command: process.execPath, args: [SLOW] } };
const EVIL = `${'a'.repeat(34)}!`;
let h: ChatHarness | undefined;
const resultText = (req: RecordedRequest, id: string): string =>
  toolResultText(toolResultsOf(req).find((r) => r.tool_use_id === id)?.content);
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('tool calls and server schemas', () => {
  it('a denied call is never validated: the gate decides before any schema runs', async () => {
    h = await chatHarness({ servers });
    autoAnswer(h, 'deny', 'no');
    const before = schemaChecker().checksRun;
    h.api.push(reply(toolUse('mcp__slow__alternation', { s: EVIL }, 'toolu_deny')), (req) =>
      reply(text(resultText(req, 'toolu_deny'))),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'go').done;
    expect(h.store.get(conv.id).toolCalls[0]).toMatchObject({ status: 'denied' });
    expect(schemaChecker().checksRun).toBe(before);
  });

  it('an allowed call whose check overruns still runs, and its card says the arguments could not be validated', async () => {
    h = await chatHarness({ servers });
    autoAnswer(h, 'allow-once');
    h.api.push(
      reply(
        toolUse('mcp__slow__alternation', { s: EVIL }, 'toolu_a'),
        toolUse('mcp__slow__nested', { s: EVIL }, 'toolu_n'),
        toolUse('mcp__slow__overlap', { s: 'x'.repeat(40) }, 'toolu_o'),
      ),
      (req) =>
        reply(
          text(
            [
              resultText(req, 'toolu_a'),
              resultText(req, 'toolu_n'),
              resultText(req, 'toolu_o'),
            ].join(' | '),
          ),
        ),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'go').done;
    const sent = h.api.messageRequests()[1];
    expect(resultText(sent, 'toolu_a')).toContain('ran alternation');
    expect(resultText(sent, 'toolu_n')).toContain('ran nested');
    expect(resultText(sent, 'toolu_o')).toContain('ran overlap');
    for (const call of h.store.get(conv.id).toolCalls) {
      expect(call).toMatchObject({
        status: 'done',
        errorMessage: expect.stringMatching(
          /^Could not validate the arguments: validation did not finish within 250 ms/,
        ),
      });
    }
  });

  it('an output schema whose pattern overruns leaves the result unchecked, said so, instead of hanging', async () => {
    h = await chatHarness({ servers });
    autoAnswer(h, 'allow-once');
    h.api.push(reply(toolUse('mcp__slow__report', {}, 'toolu_r')), (req) =>
      reply(text(resultText(req, 'toolu_r'))),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'go').done;
    expect(resultText(h.api.messageRequests()[1], 'toolu_r')).toContain('ran report');
    expect(h.store.get(conv.id).toolCalls[0]).toMatchObject({
      status: 'done',
      errorMessage: expect.stringMatching(/^Could not validate the output: .*within 1000 ms/),
    });
  });

  it('an ordinary pattern is still enforced once the call is allowed', async () => {
    h = await chatHarness({ servers });
    autoAnswer(h, 'allow-once');
    h.api.push(reply(toolUse('mcp__slow__strict', { s: 'ABC' }, 'toolu_s')), (req) =>
      reply(text(resultText(req, 'toolu_s'))),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'go').done;
    expect(resultText(h.api.messageRequests()[1], 'toolu_s')).toMatch(
      /Invalid arguments for mcp__slow__strict: \/s must match pattern/,
    );
    expect(h.store.get(conv.id).toolCalls[0]).toMatchObject({ status: 'error', decision: 'allow' });
  });
});
