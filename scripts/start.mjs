// `npm start`: makes sure the Electron binary is there (downloading it once, bounded, with
// progress), then runs electron-vite dev on it. Extra arguments go to electron-vite.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureElectron } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electron = await ensureElectron();
if (!electron.ok) {
  process.stderr.write(`\n${electron.message}\n`);
  process.exit(1);
}
// electron-vite takes the executable from ELECTRON_EXEC_PATH before it looks at path.txt.
const child = spawn(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'dev', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_EXEC_PATH: electron.path },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
