// Runs the built `lena` on a pseudo-terminal (util-linux `script`), with a temporary home and the
// stand-in Messages API; each answer is typed only when its prompt text appears, as a person would.
import { spawn } from 'node:child_process';
import { CLI, ROOT } from './cli-harness';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function atTerminal(
  home: string,
  apiUrl: string,
  args: string[],
  answers: [RegExp, string][],
  /** A terminal that understands escape sequences, of this size (default: TERM=dumb, unsized). */
  screen?: { columns: number; rows: number },
): Promise<{ code: number | null; shown: string }> {
  // exec: the shell script starts must not stay between the terminal and lena (it would take Ctrl-C).
  const size = screen ? `stty cols ${screen.columns} rows ${screen.rows}; ` : '';
  const command = `${size}exec ${[process.execPath, CLI, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH!,
      HOME: home,
      LENA_HOME: home,
      TERM: screen ? 'xterm-256color' : 'dumb',
      ANTHROPIC_API_KEY: 'sk-ant-cli-test-key',
      ANTHROPIC_BASE_URL: apiUrl,
    },
  });
  let shown = '';
  let next = 0;
  child.stdout.on('data', (d) => {
    shown += d;
    while (next < answers.length && answers[next][0].test(shown)) {
      const typed = answers[next][1];
      child.stdin.write(typed === '\x03' ? typed : `${typed}\r`);
      shown += '\n'; // a later prompt with the same words must be new output
      next++;
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, shown });
    }),
  );
}
