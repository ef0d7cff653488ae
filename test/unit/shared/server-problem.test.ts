// A failed server's headline says what is wrong in plain words; the technical text (a PATH of a
// dozen folders, the socket error) stays in the detail. The failures are real: a manager starts a
// command that is not on PATH and reaches a URL where nothing listens.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpManager } from '../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../electron/core/mcp/manager/transport-factory';
import { ERROR_CODE } from '../../../shared/result';
import { serverProblem } from '../../../shared/server-problem';
import type { ServerEntry } from '../../../shared/server-config';
import type { ServerState } from '../../../shared/server-types';

describe('a failed server in plain words', () => {
  let manager: McpManager;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lena-problem-'));
    writeFileSync(
      join(dir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          fetch: { command: 'lena-uvx-not-installed', args: ['mcp-server-fetch'] },
          down: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
        },
      }),
    );
    manager = new McpManager({
      sources: { userFile: join(dir, 'mcp.json') },
      createTransport: defaultTransportFactory(),
      env: {},
    });
    await manager.start();
  });
  afterAll(async () => {
    await manager.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  const failed = async (name: string): Promise<ServerState> => {
    await expect.poll(() => manager.status(name)?.error?.code ?? null).not.toBeNull();
    return manager.status(name)!;
  };

  it('a command not on PATH: its name in the headline, the PATH only in the detail', async () => {
    const state = await failed('fetch');
    const problem = serverProblem(state.error!, state.entry);
    expect(problem.headline).toBe('`lena-uvx-not-installed` is not installed or not on PATH');
    // The PATH searched (every folder of it) is technical text: the detail has it, the headline not.
    expect(problem.detail).toMatch(/not found on PATH \([^)]*\/usr\/bin[^)]*\)/);
    expect(problem.headline).not.toMatch(/\/usr\/bin|:/);
    expect(problem.detail).toContain(ERROR_CODE.commandNotFound);
    expect(problem.advice).toMatch(/^Install `lena-uvx-not-installed`, or give the full path/);
  });

  it('a URL where nothing listens: the address in the headline, the socket error in the detail', async () => {
    const state = await failed('down');
    const problem = serverProblem(state.error!, state.entry);
    expect(problem.headline).toBe('Nothing answers at 127.0.0.1:9');
    expect(problem.detail).toMatch(/ECONNREFUSED/);
    expect(problem.advice).toMatch(/Retry/);
  });

  it('words for the other failures, from their code and data', () => {
    const entry: ServerEntry = { command: 'node', args: ['server.js'] };
    const web: ServerEntry = { url: 'https://mcp.example.com/mcp' };
    const words = (code: string, data = {}, e: ServerEntry = entry) =>
      serverProblem({ code: code as never, message: 'raw text; more', data }, e).headline;
    expect(words(ERROR_CODE.serverExited, { exitCode: 3 })).toBe('`node` exited with code 3');
    expect(words(ERROR_CODE.serverExited, { signal: 'SIGKILL' })).toBe(
      '`node` was stopped by SIGKILL',
    );
    expect(words(ERROR_CODE.crashLoop)).toBe('`node` keeps exiting as it starts');
    expect(words(ERROR_CODE.crashLoop, {}, web)).toBe(
      'mcp.example.com:443 kept failing, so Lena stopped retrying',
    );
    expect(words(ERROR_CODE.httpStatus, { status: 401 }, web)).toBe(
      'mcp.example.com:443 refused the credentials (HTTP 401)',
    );
    expect(words(ERROR_CODE.httpStatus, { status: 404 }, web)).toBe(
      'mcp.example.com:443 has no MCP endpoint at /mcp (HTTP 404)',
    );
    expect(words(ERROR_CODE.network, { errno: 'ENOTFOUND' }, web)).toBe(
      'No host named mcp.example.com was found',
    );
    expect(words(ERROR_CODE.startTimeout, {}, web)).toBe(
      'mcp.example.com:443 did not finish starting in time',
    );
    // A code without words of its own: the message's first clause, capitalised.
    expect(words(ERROR_CODE.invalidConfig)).toBe('Raw text');
  });
});
