// RELIABILITY.md fault 26 at the application level: a Lena process (the real manager, the real
// stdio transport, ProcessRecords as its recorder) is killed with SIGKILL while its server (which
// ignores SIGTERM and a closed stdin, and has a child) runs; the next start ends both.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import { isProcessRunning } from '../../../../electron/core/base/process-info';
import { ProcessRecords } from '../../../../electron/core/base/process-records';
import { DESKTOP_FIXTURES, GroupJanitor, readyInfo } from '../../../fixtures/desktop/processes';

const ROOT = resolve(__dirname, '../../../..');
const home = mkdtempSync(join(tmpdir(), 'lena-crash-'));
const groups = new GroupJanitor();
afterEach(() => groups.killAll());
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.skipIf(skipWhen('not-posix'))('relaunch after Lena was killed', () => {
  it('ends the servers the killed run left behind, and only those', async () => {
    // Bundled under the repository so the runtime dependencies resolve from node_modules.
    const lena = join(ROOT, 'test-results/desktop/lena-with-servers.mjs');
    await build({
      entryPoints: [join(DESKTOP_FIXTURES, 'lena-with-servers.ts')],
      outfile: lena,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      logLevel: 'warning',
    });
    const ready = join(home, 'clingy.json');
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          clingy: {
            command: process.execPath,
            args: [join(DESKTOP_FIXTURES, 'clingy-mcp-server.mjs')],
            env: { CLINGY_READY: ready },
          },
        },
      }),
    );

    const run = spawn(process.execPath, [lena], {
      env: { ...process.env, LENA_HOME: home },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const statuses = await new Promise<string>((r) =>
      run.stdout.once('data', (d: Buffer) => r(d.toString().trim())),
    );
    expect(statuses).toBe('["connected"]');
    const server = await readyInfo(ready);
    groups.track(server.pid);
    run.kill('SIGKILL');
    await new Promise((r) => run.once('exit', r));
    // A grace, since nothing may happen: a server that ended with its parent's pipes would be gone
    // by now, and no event says a process stays.
    await new Promise((r) => setTimeout(r, 300));
    expect(isProcessRunning(server.pid) && isProcessRunning(server.childPid)).toBe(true); // orphaned

    const outcomes = await new ProcessRecords(join(home, 'processes.json'), {
      graceMs: 500,
    }).cleanupOrphans();

    expect(outcomes.map((o) => [o.record.server, o.result])).toEqual([['clingy', 'killed']]);
    expect(isProcessRunning(server.pid)).toBe(false);
    expect(isProcessRunning(server.childPid)).toBe(false);
  });
});
