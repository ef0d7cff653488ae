// `lena chat -p` with one configured server that never answers the handshake: how long until the
// first Messages API request goes out, against the start deadline (--start-timeout). The whole
// process is timed from spawn (Node's own start included) to the stand-in API receiving the
// request. Goal: within the deadline plus 10 %. Same run, medians; the deadline is the baseline.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { reply, startMessagesApiServer, text } from '../fixtures/messages-api';
import { median } from './timing';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

const root = process.env.LENA_ROOT ?? process.cwd();
const cli = join(root, 'out/cli/lena.js');
const peer = join(root, 'test/fixtures/manager/peer.mjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? sized(5, 1));
const deadlineSeconds = sized(5, 0.5);

if (!QUICK || !existsSync(cli)) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the command line failed');
}

const home = mkdtempSync(join(tmpdir(), 'lena-chat-start-bench-'));
writeFileSync(
  join(home, 'mcp.json'),
  JSON.stringify({
    mcpServers: {
      mute: {
        command: process.execPath,
        args: [peer],
        env: { PEER_MODE: 'hang' },
        startupTimeout: 120,
      },
    },
  }),
);
const api = await startMessagesApiServer();

/** Milliseconds from spawn to the first Messages API request, and the exit code. */
async function once(): Promise<number> {
  const before = api.messageRequests().length;
  api.push(reply(text('ok')));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [cli, 'chat', '-p', 'hello', '--start-timeout', String(deadlineSeconds)],
    {
      cwd: home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        LENA_HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-bench',
        ANTHROPIC_BASE_URL: api.url,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  await api.waitForMessageRequests(before + 1);
  const firstRequestMs = performance.now() - started;
  const code = await new Promise((r) => child.on('close', r));
  if (code !== 0) throw new Error(`lena chat exited ${String(code)}: ${stderr}`);
  return firstRequestMs;
}

const samples: number[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    samples.push(await once());
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
} finally {
  await api.close();
  rmSync(home, { recursive: true, force: true });
}

const firstRequestMs = Math.round(median(samples) * 10) / 10;
const deadlineMs = deadlineSeconds * 1000;
const toDeadline = Math.round((firstRequestMs / deadlineMs) * 100) / 100;
const goals = { firstRequestWithinDeadlinePlus10Percent: toDeadline <= 1.1 };
writeBenchReport('chat-start', {
  firstRequestMs,
  deadlineMs,
  ratios: { toDeadline },
  rounds,
  node: process.version,
  at: new Date().toISOString(),
  goals: QUICK ? null : goals,
});
console.log(`\nlena chat with one mute server (${rounds} rounds, medians)\n`);
console.log(`firstRequestMs ${String(firstRequestMs).padStart(10)} ms`);
console.log(`deadlineMs     ${String(deadlineMs).padStart(10)} ms`);
console.log(`toDeadline     ${String(toDeadline).padStart(10)} ×`);
console.log('\ngoals:', JSON.stringify(goals));
