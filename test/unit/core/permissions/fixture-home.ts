// The homes in test/fixtures/homes, each written by an older Lena: copied to a temporary folder
// (the project approval keyed to where the project now is) and opened with today's runtime, with
// nothing started for real. Both are removed after the test.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { lenaPaths } from '../../../../electron/core/home';
import { composeRuntime } from '../../../../electron/core/host/compose';
import type { Runtime } from '../../../../electron/core/host/runtime';
import { projectKey } from '../../../../electron/core/permissions/project-approval';
import { EnvSecretProvider } from '../../../../electron/core/store/secrets';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of test/fixtures/homes/<version>: its `home` and `project` folders. */
export function copyFixtureHome(version: 'v1' | 'v2' | 'v3'): { home: string; project: string } {
  const dir = mkdtempSync(join(tmpdir(), `lena-${version}-home-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(resolve(__dirname, '../../../fixtures/homes', version), dir, { recursive: true });
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  const approvals = join(home, 'approvals.json');
  if (existsSync(approvals))
    writeFileSync(
      approvals,
      readFileSync(approvals, 'utf8').replace('"@PROJECT@"', JSON.stringify(projectKey(project))),
    );
  return { home, project };
}

/** Today's runtime over `home` and `project` (none: the user's servers alone), configured; closing it twice is harmless. */
export async function startRuntime(home: string, project?: string): Promise<Runtime> {
  const runtime = await composeRuntime({
    paths: lenaPaths(home),
    sources: { userFile: join(home, 'mcp.json'), ...(project ? { projectDir: project } : {}) },
    secrets: new EnvSecretProvider({ 'web-token': 'tok-web-123456' }),
    interactive: false,
    emit: () => undefined,
    // Nothing is started for real: this is about the records, and the fixtures' servers are remote.
    manager: {
      createTransport: () => Promise.reject(new Error('offline test')),
      autoRestart: false,
    },
  });
  let closing: Promise<void> | undefined;
  const close = runtime.close.bind(runtime);
  runtime.close = () => (closing ??= close());
  cleanups.push(() => runtime.close());
  await runtime.manager.start();
  return runtime;
}
