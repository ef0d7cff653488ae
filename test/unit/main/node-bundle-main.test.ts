// An installed `node` bundle started by the built main process (out/main/index.js) under the
// stand-in `electron`: main runs it through utilityProcess.fork with the shim built beside it, so
// the bundle runs on the Node inside Lena, with no `node` on PATH at all. The stand-in's
// utilityProcess is Node's fork over the Node running main (test/fixtures/fake-electron).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { BundleOpened } from '../../../shared/bundle-types';
import type { RunToolResult } from '../../../shared/inspector-types';
import type { TextContent } from '../../../shared/mcp-types';
import { MainUnderTest, type Call } from '../../fixtures/fake-electron/drive';
import { packBundle, testManifest } from '../../fixtures/bundles/make-bundle';

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'out/main/index.js');

let tmp: string | undefined;
let main: MainUnderTest | undefined;

beforeAll(() => {
  if (!existsSync(MAIN))
    throw new Error(
      `${MAIN} is missing: run \`npm run build\` first (npm test builds before the unit suite).`,
    );
});
afterEach(() => {
  main?.kill();
  main = undefined;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const named = (calls: Call[], name: string) => calls.filter((c) => c.name === name);
const status = (calls: Call[], server: string) =>
  named(calls, 'webContents.send')
    .filter((c) => c.args[0] === 'servers:status-changed')
    .map((c) => c.args[1] as { name: string; status: string })
    .filter((s) => s.name === server)
    .at(-1);
/** Processes whose command line names `text` (the bundle's entry), from ps. */
const processesNaming = (text: string) =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text)).length;

it("starts an installed node bundle in a utility process on Lena's own Node, with no node on PATH", async () => {
  tmp = mkdtempSync(join(tmpdir(), 'lena-main-node-bundle-'));
  const home = join(tmp, 'home');
  const noNode = join(tmp, 'bin');
  mkdirSync(noNode);
  const file = await packBundle(tmp, testManifest());
  // Every native dialog answers its second button: "Allow" for the new command.
  const app = (main = new MainUnderTest(
    MAIN,
    { PATH: noNode, HOME: tmp, LENA_HOME: home, FAKE_ELECTRON_MESSAGE_BOX_RESPONSE: '1' },
    [file],
  ));
  await app.windowLoaded;
  let opened: BundleOpened | null = null;
  await expect
    .poll(async () => {
      const pending = (await app.invoke('bundles:pending', undefined)) as {
        value: BundleOpened | null;
      };
      opened ??= pending.value;
      return opened?.preview.name;
    })
    .toBe('weather-bundle');
  const key = 'sk-weather-0123456789';
  expect(
    await app.invoke('bundles:install', {
      token: opened!.token,
      values: { api_key: key, units: 'imperial', roots: [tmp] },
      serverName: 'weather',
    }),
  ).toMatchObject({ ok: true });
  await expect
    .poll(async () => status(await app.calls(), 'weather')?.status, { timeout: 20_000 })
    .toBe('connected');

  const installed = join(home, 'extensions', 'weather-bundle', '1.0.0');
  const forks = named(await app.calls(), 'utilityProcess.fork');
  expect(forks).toHaveLength(1);
  expect(forks[0].args).toEqual([
    join(ROOT, 'out/main/node-bundle-shim.cjs'),
    [join(installed, 'server/index.mjs'), `--root=${tmp}`, tmp],
    {
      execArgv: [],
      cwd: installed,
      env: expect.arrayContaining(['API_KEY', 'HOME', 'PATH', 'UNITS']),
      serviceName: 'MCP server weather',
      stdio: 'pipe',
    },
  ]);

  const run = (await app.invoke('servers:run-tool', {
    server: 'weather',
    tool: 'whoami',
    arguments: {},
  })) as { ok: true; value: RunToolResult };
  expect(run.value.outcome).toBe('done');
  const said = JSON.parse((run.value.result!.content[0] as TextContent).text) as Record<
    string,
    unknown
  >;
  expect(said).toEqual({
    dir: join(installed, 'server'),
    args: [`--root=${tmp}`, tmp],
    units: 'imperial',
    keyDigest: createHash('sha256').update(key).digest('hex').slice(0, 16),
    // The Node that runs main: the stand-in's utility process is a fork of it.
    node: process.execPath,
  });

  // One process runs the bundle; quitting ends it through stdin's end, as for a spawned server.
  const entry = join(installed, 'server/index.mjs');
  expect(processesNaming(entry)).toBe(1);
  await app.quit();
  expect((await app.exited).code).toBe(0);
  expect(processesNaming(entry)).toBe(0);
});
