// `lena agents add/list/show/remove`, the built command line against a real loopback A2A peer:
// the card's details printed, a header's secret never stored expanded, errors that say what to do.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from '../../fixtures/a2a/peers';
import { buildCli, runLena } from './run-cli';

let home: string;
let peer: Peer;

beforeAll(async () => {
  buildCli();
  home = realpathSync(mkdtempSync(join(tmpdir(), 'lena-agents-cli-')));
  peer = await startPeer('slow');
});

afterAll(async () => {
  await peer.close();
  rmSync(home, { recursive: true, force: true });
});

const lena = (args: string[]) => runLena(home, 'http://127.0.0.1:9', args);

describe('lena agents', () => {
  it('adds an agent and prints its card', async () => {
    const r = await lena(['agents', 'add', 'weather', peer.url, '-H', 'X-Team: ${TEAM:-core}']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('weather  (ready)');
    expect(r.stdout).toContain('card: Test slow agent 1.2.3 by Lena tests');
    expect(r.stdout).toContain('protocol: A2A 1.0 over JSONRPC');
    expect(r.stdout).toContain('capabilities: streaming yes, push notifications no');
    expect(r.stdout).toContain('slow answers: Answers questions about the weather.');
    expect(r.stdout).toContain('tool for Claude: a2a__weather');
    const file = JSON.parse(readFileSync(join(home, 'agents.json'), 'utf8'));
    expect(file.agents.weather.headers).toEqual({ 'X-Team': '${TEAM:-core}' });
  });

  it('lists agents as JSON and shows one', async () => {
    const r = await lena(['agents', 'list', '--json']);
    expect(r.code).toBe(0);
    const { agents } = JSON.parse(r.stdout);
    expect(agents.map((a: { name: string; state: string }) => [a.name, a.state])).toEqual([
      ['weather', 'ready'],
    ]);
    expect(agents[0].headers).toEqual(['X-Team']);
    const show = await lena(['agents', 'show', 'weather']);
    expect(show.stdout).toContain('authentication: none declared');
  });

  it('says what to do with a bad name, a duplicate and an unknown agent', async () => {
    const bad = await lena(['agents', 'add', 'Weather_1', peer.url]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('use 1 to 48 lowercase letters, digits and dashes');
    const dup = await lena(['agents', 'add', 'weather', peer.url]);
    expect(dup.stderr).toContain('lena agents remove weather');
    const unknown = await lena(['agents', 'show', 'nope']);
    expect(unknown.stderr).toContain('No agent named "nope". Agents: weather');
  });

  it('keeps an agent whose card cannot be fetched, saying why', async () => {
    const r = await lena(['agents', 'add', 'later', 'http://127.0.0.1:9']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('later  (unreachable: Could not fetch the Agent Card');
    expect(r.stderr).toContain('the agent was added, but it is unreachable');
    const removed = await lena(['agents', 'remove', 'later']);
    expect(removed.stdout).toContain('Removed agent later.');
  });
});
