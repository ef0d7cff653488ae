// Bundles the command line to out/cli/lena.js. Runtime dependencies stay external (they are in
// node_modules wherever Lena is installed); our own code is bundled into one file.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

await build({
  entryPoints: [join(root, 'electron/cli/lena.ts')],
  outfile: join(root, 'out/cli/lena.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  banner: { js: '#!/usr/bin/env node' },
  external: [...Object.keys(pkg.dependencies ?? {}), 'electron'],
  define: { __LENA_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  sourcemap: 'linked',
});
