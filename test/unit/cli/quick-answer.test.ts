// The small `lena` executable answers --version and help from a table built from the commands'
// declarations; what it prints must be, word for word, what the command line itself prints.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllCommands } from '../../../electron/cli/command-modules';
import { helpTable, main } from '../../../electron/cli/lena';
import type { HelpTable } from '../../../electron/cli/help-table';
import { quickAnswer } from '../../../electron/cli/quick-answer';
import { APP_VERSION } from '../../../electron/core/version';

let table: HelpTable;
beforeAll(async () => {
  await loadAllCommands();
  table = helpTable();
});
afterEach(() => vi.restoreAllMocks());

/** What main() prints on stdout for `lena ARGV…`, and its exit status. */
async function printed(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout };
}

describe('quickAnswer', () => {
  it('prints what the command line prints for every version and help request', async () => {
    const requests = [
      ['--version'],
      ['-v', '--json'],
      ['version'],
      [],
      ['--help'],
      ['-h'],
      ['--json'],
      ['help'],
      ['help', '--json'],
      ['help', 'mcp'],
      ['help', 'chat'],
      ['help', 'home'],
      ['mcp'],
      ['mcp', '--help'],
      ['mcp', '--json'],
      ['mcp', 'help'],
      ['mcp', 'help', 'import-claude-desktop', '--json'],
      ['home', '--help'],
      ['chat', '-h'],
      ...Object.keys(table.commands).map((words) => ['help', ...words.split(' ')]),
      ...Object.keys(table.commands).map((words) => [...words.split(' '), 'X', '--help']),
    ];
    for (const argv of requests) {
      const quick = quickAnswer(argv, table, APP_VERSION);
      const real = await printed(argv);
      expect(real.code, argv.join(' ')).toBe(0);
      expect(quick, argv.join(' ')).toBe(real.stdout);
    }
  });

  it('leaves every command that runs, and every mistake, to the command line', () => {
    for (const argv of [
      ['mcp', 'list'],
      ['mcp', 'call', 'fs', 'x', '--', '--help'],
      ['help', 'nothing'],
      ['help', 'mcp', 'nothing'],
      ['mcp', 'nothing'],
      ['mcp', '--bogus'],
      ['nothing', '--help'],
      ['home'],
    ])
      expect(quickAnswer(argv, table, APP_VERSION), argv.join(' ')).toBeUndefined();
  });
});
