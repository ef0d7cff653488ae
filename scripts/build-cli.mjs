// Bundles the command line: out/cli/lena-main.js (every command; runtime dependencies stay
// external, they are in node_modules wherever Lena is installed) and the `lena` executable
// out/cli/lena.js, a few kilobytes that answer --version and help from a table built here (from
// the commands' own declarations) and load lena-main.js only for a command that runs.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  define: { __LENA_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/**
 * Builds, then puts each output file in place by rename: test files rebuild the command line while
 * others run it, and a file written in place can be read empty or half written.
 */
async function buildInPlace(options) {
  const { outputFiles } = await build({ ...options, write: false });
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

// zod re-exports its ~50 message locales as `z.locales`; Lena never reads them (English comes
// from zod's schemas themselves, or by name from `zod/locales`, whose one used export is kept),
// and evaluating them was a third of zod's start-up.
const noZodLocales = {
  name: 'no-zod-locales',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) && !/[\\/]zod[\\/]locales[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'lena-stub' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lena-stub' }, () => ({ contents: 'export {};' }));
  },
};

// node:crypto costs ~7 ms to load, and most commands (`lena mcp list` over local servers) never
// hash or draw a random byte; ~25 modules import it at their top. Each import gets a stand-in
// whose members are getters that load node:crypto on first use and return its own member, so
// every call, class and object is the real one.
const cryptoNames = Object.keys(createRequire(import.meta.url)('node:crypto'));
const lazyCrypto = {
  name: 'lazy-node-crypto',
  setup(b) {
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      args.namespace === 'lena-lazy'
        ? { path: 'node:crypto', external: true }
        : { path: 'node-crypto', namespace: 'lena-lazy' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lena-lazy' }, () => ({
      loader: 'js',
      contents: [
        'let crypto;',
        "const load = () => (crypto ??= require('node:crypto'));",
        `for (const name of ${JSON.stringify(cryptoNames)})`,
        '  Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });',
      ].join('\n'),
    }));
  },
};

const mainFile = join(root, 'out/cli/lena-main.js');
await buildInPlace({
  ...common,
  entryPoints: [join(root, 'electron/cli/lena.ts')],
  outfile: mainFile,
  // zod is bundled: required from node_modules it is ~95 files and most of every command's start-up.
  external: [...Object.keys(pkg.dependencies ?? {}).filter((d) => d !== 'zod'), 'electron'],
  sourcemap: 'linked',
  // Without comments (some hold non-ASCII text, which makes V8 hold the whole source as two-byte
  // text) and indentation the file is a quarter smaller: less to read and check at every start.
  minifyWhitespace: true,
  plugins: [noZodLocales, lazyCrypto],
});

// The help texts, from the bundle just built (it runs nothing when required).
const require = createRequire(import.meta.url);
delete require.cache[mainFile];
const { helpTable, jsonText, loadAllCommands } = require(mainFile);
await loadAllCommands();
const table = helpTable();
// The executable prints help with plain JSON.stringify; Lena's own text needs none of jsonText's escapes.
for (const text of [table.top, ...Object.values(table.groups), ...Object.values(table.commands)])
  if (jsonText({ help: text }) !== JSON.stringify({ help: text }, null, 2))
    throw new Error(`help text needs escaping, which the lena executable does not do: ${text}`);

await buildInPlace({
  ...common,
  entryPoints: [join(root, 'electron/cli/entry.ts')],
  outfile: join(root, 'out/cli/lena.js'),
  banner: { js: '#!/usr/bin/env node' },
  external: ['./lena-main.js'],
  define: { ...common.define, __LENA_HELP__: JSON.stringify(table) },
});
