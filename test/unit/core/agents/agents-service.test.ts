// The agents service over real loopback A2A peers (@a2a-js/sdk's server): entries in agents.json,
// `${VAR}` / `${secret:NAME}` expanded like server entries, the card fetched and shown, and a card
// that cannot be fetched or is invalid given a clear state.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentsService } from '../../../../electron/core/agents/service';
import { PEER_TOKEN, startPeer, type Peer } from '../../../fixtures/a2a/peers';

let dir: string;
let instant: Peer;
let token: Peer;
let bad: Server;
let badUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-agents-'));
  [instant, token] = await Promise.all([startPeer('instant'), startPeer('token')]);
  bad = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ description: 'no name, no interfaces' }));
  }).listen(0, '127.0.0.1');
  await new Promise((r) => bad.once('listening', r));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([instant.close(), token.close()]);
  bad.close();
  rmSync(dir, { recursive: true, force: true });
});

const service = (
  file: string,
  extra: Partial<ConstructorParameters<typeof AgentsService>[0]> = {},
) => new AgentsService({ file, env: {}, ...extra });

describe('agents service', () => {
  it('adds an agent and shows what its card says', async () => {
    const file = join(dir, 'a.json');
    const view = await service(file).add('weather', { url: instant.url });
    expect(view.state).toBe('ready');
    expect(view.card).toMatchObject({
      name: 'Test instant agent',
      version: '1.2.3',
      protocolVersion: '1.0',
      binding: 'JSONRPC',
      streaming: false,
      provider: 'Lena tests',
    });
    expect(view.card?.skills.map((s) => s.name)).toEqual(['instant answers']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      agents: { weather: { url: instant.url } },
    });
    const tools = await service(file).tools();
    expect(tools.map((t) => t.name)).toEqual(['a2a__weather']);
    expect(tools[0].description).toContain('Answers questions about the weather.');
  });

  it('refuses a bad name and a second agent of the same name, saying what to do', async () => {
    const file = join(dir, 'b.json');
    await expect(service(file).add('Bad_Name', { url: instant.url })).rejects.toThrow(
      /lowercase letters, digits and dashes/,
    );
    await service(file).add('one', { url: instant.url });
    await expect(service(file).add('one', { url: instant.url })).rejects.toThrow(
      /lena agents remove one/,
    );
  });

  it('expands ${secret:NAME} in headers like a server entry, never storing the value', async () => {
    const file = join(dir, 'c.json');
    const secrets = { get: (n: string) => (n === 'PEER' ? PEER_TOKEN : undefined) };
    const header = { Authorization: 'Bearer ${secret:PEER}' };
    const view = await service(file, { secrets }).add('tok', { url: token.url, headers: header });
    expect(view.state).toBe('ready');
    expect(view.card?.authentication).toEqual(['bearer: bearer (http)']);
    expect(readFileSync(file, 'utf8')).not.toContain(PEER_TOKEN);
    // Without the secret the agent is skipped, naming the secret.
    const without = await service(file).show('tok');
    expect(without.state).toBe('skipped');
    expect(without.reason).toContain('PEER');
  });

  it('gives a clear state to an agent that cannot be reached or whose card is invalid', async () => {
    const file = join(dir, 'd.json');
    writeFileSync(
      file,
      JSON.stringify({
        agents: {
          gone: { url: 'http://127.0.0.1:9' },
          broken: { url: badUrl },
          'Bad!': { url: 'x' },
        },
      }),
    );
    const views = await service(file, { cardTimeoutMs: 2000 }).list();
    const byName = Object.fromEntries(views.map((v) => [v.name, v]));
    expect(byName.gone.state).toBe('unreachable');
    expect(byName.gone.reason).toMatch(/Could not fetch the Agent Card.*Check the address/);
    expect(byName.broken.state).toBe('invalid-card');
    expect(byName.broken.reason).toContain('it has no "name"');
    expect(byName['Bad!'].reason).toContain('is not an agent name');
    expect(await service(file).tools()).toEqual([]);
    // A file that is not JSON: the list says so, the chat's tools go on without agents.
    writeFileSync(file, '{"agents": ');
    await expect(service(file).list()).rejects.toThrow(/JSON|Unexpected|end/i);
    expect(await service(file).tools()).toEqual([]);
  });

  it('removes an agent; removing an unknown one lists the agents', async () => {
    const file = join(dir, 'e.json');
    await service(file).add('x', { url: instant.url });
    await service(file).remove('x');
    await expect(service(file).remove('x')).rejects.toThrow(/No agent named "x". Agents: \(none\)/);
  });
});
