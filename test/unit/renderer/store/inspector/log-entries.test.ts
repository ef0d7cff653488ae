// The Logs tab lists one entry per request and its answer, as MCP Inspector does. The rows come
// from core's own log (the one servers:log-view pages), fed the messages a session exchanges.
import { expect, it } from 'vitest';
import { InspectorLogs, Pairing } from '../../../../../electron/core/host/views/protocol-log';
import { logEntries } from '../../../../../renderer/store/inspector/log-entries';
import { entryText } from '../../../../../renderer/features/servers/LogRow';

const wire = (m: object) => JSON.stringify({ jsonrpc: '2.0', ...m });

it('puts each answer on its request’s entry, leaves the rest alone, and shows a wait until it comes', () => {
  let t = 1_000;
  const logs = new InspectorLogs({ now: () => t });
  const p = new Pairing();
  const send = (m: object) => logs.message('s', p, 'out', JSON.parse(wire(m)), wire(m));
  const receive = (m: object) => logs.message('s', p, 'in', JSON.parse(wire(m)), wire(m));
  send({ id: 1, method: 'tools/list' });
  send({ id: 2, method: 'tools/call', params: { name: 'echo' } });
  t += 40;
  receive({ method: 'notifications/tools/list_changed' });
  logs.stderr('s', 'server: ready');
  t += 60;
  receive({ id: 2, error: { code: -32602, message: 'unknown tool: echo' } });
  receive({ id: 1, result: { tools: [] } });
  // The server's own request, answered by Lena: one entry too, begun by the server.
  receive({ id: 'r1', method: 'roots/list' });
  t += 5;
  send({ id: 'r1', result: { roots: [] } });
  send({ id: 3, method: 'ping' });

  const rows = logs.log('s').page('s').rows;
  expect(rows).toHaveLength(9);
  const entries = logEntries(rows);
  const lines = entries.map((e) => entryText(e).replace(/^\S+ /, ''));
  expect(lines).toEqual([
    '→ request tools/list #1 100 ms 46 B · response 46 B  {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    '→ request tools/call #2 100 ms 71 B · error 79 B  -32602 unknown tool: echo',
    '← notification notifications/tools/list_changed 61 B  {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
    'stderr server: ready',
    '← request roots/list #r1 5 ms 49 B · response 49 B  {"jsonrpc":"2.0","id":"r1","method":"roots/list"}',
    '→ request ping #3 waiting 40 B  {"jsonrpc":"2.0","id":3,"method":"ping"}',
  ]);
  // The answer is held on the entry (its body opens with the request's).
  expect(entries[0].reply?.kind).toBe('response');
  expect(entries[1].reply?.kind).toBe('error');
  expect(entries[5].reply).toBeNull();
});

it('shows an answer whose request the log no longer keeps as an entry of its own', () => {
  const logs = new InspectorLogs({ limits: { rows: 2, bytes: 1e9, body: 1e6 } });
  const p = new Pairing();
  const send = (m: object) => logs.message('s', p, 'out', JSON.parse(wire(m)), wire(m));
  const receive = (m: object) => logs.message('s', p, 'in', JSON.parse(wire(m)), wire(m));
  send({ id: 1, method: 'tools/list' });
  logs.stderr('s', 'one');
  receive({ id: 1, result: { tools: [] } });
  const entries = logEntries(logs.log('s').page('s').rows);
  expect(entries.map((e) => e.row.kind)).toEqual(['stderr', 'response']);
});
