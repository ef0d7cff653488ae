// The `lena` executable (out/cli/lena.js). It answers `--version` and every help request from text
// built into it (help-table.ts, generated from the command declarations at build time), so those
// load no bundle and no dependency; any other command loads the command line's bundle
// (lena-main.js) and runs it. Keep its imports tiny: each one is paid by `lena --version`.
import type { HelpTable } from './help-table';
import { quickAnswer } from './quick-answer';

declare const __LENA_VERSION__: string;
declare const __LENA_HELP__: HelpTable;

const argv = process.argv.slice(2);
const answer = quickAnswer(argv, __LENA_HELP__, __LENA_VERSION__);
if (answer !== undefined) process.stdout.write(answer);
else {
  // V8's compile cache (in the system's temp folder) spares every later run parsing the bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- node:module only when a command runs
  (require('node:module') as typeof import('node:module')).enableCompileCache?.();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a command runs
  (require('./lena-main.js') as { run(argv: string[]): void }).run(argv);
}
