// Bundles core modules the way the app ships them (our code bundled, dependencies external and
// loaded lazily) for the benchmark workers, which run in fresh plain-Node processes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REQUIRE_BANNER } from './quick.mjs';

/** `exports`: export lines relative to the repository root. Returns the bundle's path. */
export async function bundleCore(root, name, exports) {
  const outDir = join(root, 'test-results/bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, name);
  await build({
    stdin: { contents: exports.join('\n') + '\n', resolveDir: root, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
    banner: { js: REQUIRE_BANNER },
  });
  return outfile;
}
