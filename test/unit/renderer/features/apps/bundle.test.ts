// The Apps host bridge and its peers (@modelcontextprotocol/client, /core) run in the renderer,
// which holds no Node built-ins: bundled for the browser, the view session pulls in none.
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../../../..');

it('the view session, with the SDK’s AppBridge, bundles for the browser without a Node built-in', async () => {
  const out = await build({
    entryPoints: [join(ROOT, 'renderer/features/apps/view-session.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  });
  const imported = Object.values(out.metafile.inputs).flatMap((input) =>
    input.imports.map((i) => i.path),
  );
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  expect(imported.filter((p) => builtins.has(p) || p.startsWith('node:'))).toEqual([]);
  // It did bundle the bridge itself (not left it external).
  expect(
    Object.keys(out.metafile.inputs).some((p) =>
      p.includes('@modelcontextprotocol/ext-apps/dist/src/app-bridge.js'),
    ),
  ).toBe(true);
});
