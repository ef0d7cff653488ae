// The pure parts of the dual-era client: how a probe's outcome reads (the order the issue and
// the 2026-07-28 revision give), the header value encoding and x-mcp-header rules, and what Lena
// answers to input requests it cannot serve (a valid refusal, never a hang).
import { describe, expect, it } from 'vitest';
import { answerInputRequests, retryParams } from '../../../../electron/core/mcp/client-features';
import { classifyProbe } from '../../../../electron/core/mcp/era';
import {
  headerParams,
  headerValue,
  requestHeaders,
} from '../../../../electron/core/mcp/request-headers';
import type { Tool } from '../../../../shared/mcp-types';

describe('reading the 2026 probe', () => {
  it('takes a DiscoverResult naming 2026-07-28 for the modern era', () => {
    expect(
      classifyProbe(
        { kind: 'result', result: { supportedVersions: ['2026-07-28', '2025-11-25'] } },
        'http',
      ),
    ).toMatchObject({ kind: 'modern', version: '2026-07-28' });
  });

  it('on -32022 with a shared modern version, probes again at it; with only 2025 versions, initializes', () => {
    expect(
      classifyProbe(
        {
          kind: 'rpc-error',
          code: -32022,
          message: 'x',
          data: { supported: ['2026-07-28'], requested: '2026-07-28' },
        },
        'http',
      ),
    ).toEqual({ kind: 'corrective', version: '2026-07-28' });
    expect(
      classifyProbe(
        { kind: 'rpc-error', code: -32022, message: 'x', data: { supported: ['2025-06-18'] } },
        'http',
      ),
    ).toEqual({ kind: 'legacy' });
    expect(
      classifyProbe(
        { kind: 'rpc-error', code: -32022, message: 'x', data: { supported: ['2031-01-01'] } },
        'http',
      ),
    ).toMatchObject({ kind: 'error', message: expect.stringContaining('2031-01-01') });
  });

  it('reads method-not-found, other errors and a 4xx without a modern body as a 2025 server', () => {
    expect(
      classifyProbe({ kind: 'rpc-error', code: -32601, message: 'Method not found' }, 'stdio'),
    ).toEqual({ kind: 'legacy' });
    expect(
      classifyProbe(
        { kind: 'rpc-error', code: -32000, message: 'Bad Request: Server not initialized' },
        'http',
      ),
    ).toEqual({ kind: 'legacy' });
    for (const status of [400, 404, 405])
      expect(classifyProbe({ kind: 'http-status', status }, 'http')).toEqual({ kind: 'legacy' });
  });

  it('never takes 401, 403, a redirect or a 5xx for an era', () => {
    for (const status of [401, 403, 307, 500, 503])
      expect(classifyProbe({ kind: 'http-status', status }, 'http').kind).toBe('error');
  });

  it('takes a silent or exiting stdio server for a 2025 one, but not a silent HTTP one', () => {
    expect(classifyProbe({ kind: 'timeout' }, 'stdio')).toEqual({ kind: 'legacy' });
    expect(classifyProbe({ kind: 'closed' }, 'stdio')).toEqual({ kind: 'legacy' });
    expect(classifyProbe({ kind: 'timeout' }, 'http').kind).toBe('error');
  });
});

describe('request headers', () => {
  it('encodes values that are not plain visible ASCII, and plain values that look encoded', () => {
    expect(headerValue('us-west1')).toBe('us-west1');
    expect(headerValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headerValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headerValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(headerValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('mirrors params.name or params.uri into Mcp-Name, and omits absent or null arguments', () => {
    expect(requestHeaders('resources/read', { uri: 'file:///a b' }, undefined)).toEqual({
      'Mcp-Method': 'resources/read',
      'Mcp-Name': 'file:///a b',
    });
    expect(requestHeaders('tools/list', undefined, undefined)).toEqual({
      'Mcp-Method': 'tools/list',
    });
    const mirrored = [{ path: ['n'], name: 'N' }];
    expect(requestHeaders('tools/call', { name: 't', arguments: { n: null } }, mirrored)).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 't',
    });
    expect(
      requestHeaders('tools/call', { name: 't', arguments: { n: 42 } }, mirrored)['Mcp-Param-N'],
    ).toBe('42');
  });

  it('refuses declarations the binding forbids', () => {
    const tool = (properties: Record<string, unknown>): Tool => ({
      name: 't',
      inputSchema: { type: 'object', properties },
    });
    expect(
      headerParams(
        tool({
          a: { type: 'string', 'x-mcp-header': 'A' },
          b: { type: 'integer', 'x-mcp-header': 'a' },
        }),
      ),
    ).toMatchObject({ invalid: expect.stringContaining('twice') });
    expect(headerParams(tool({ a: { type: 'string', 'x-mcp-header': 'bad name' } }))).toMatchObject(
      { invalid: expect.stringContaining('token') },
    );
    expect(
      headerParams(tool({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })),
    ).toMatchObject({ invalid: expect.stringContaining('composition') });
    expect(headerParams(tool({ a: { type: 'boolean', 'x-mcp-header': 'A' } }))).toEqual({
      params: [{ path: ['a'], name: 'A' }],
    });
  });
});

describe('input requests without a host handler', () => {
  it('declines elicitation, refuses sampling with an error, and gives no roots', async () => {
    const answers = await answerInputRequests(
      {
        ask: {
          method: 'elicitation/create',
          params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
        },
        llm: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } },
        roots: { method: 'roots/list' },
        odd: { method: 'something/else' },
      },
      undefined,
      { purpose: 'tools/call t' },
    );
    expect(answers.ask).toEqual({ action: 'decline' });
    expect(answers.llm).toMatchObject({ error: { code: -32601 } });
    expect(answers.roots).toEqual({ roots: [] });
    expect(answers.odd).toMatchObject({ error: { code: -32601 } });
  });

  it('retries with the answers and the state verbatim, and no state when the server sent none', () => {
    const original = { name: 't', arguments: {} };
    expect(
      retryParams(original, { requestState: 'opaque "state"' }, { a: { action: 'decline' } }),
    ).toEqual({
      ...original,
      inputResponses: { a: { action: 'decline' } },
      requestState: 'opaque "state"',
    });
    expect(retryParams({ ...original, requestState: 'old' }, {}, undefined)).toEqual(original);
  });
});
