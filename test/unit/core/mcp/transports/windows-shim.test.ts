// RELIABILITY.md fault 32, as far as it can be tested off Windows: an `npx`-style `.cmd` shim is
// launched through cmd.exe with every argument quoted and its metacharacters escaped, which is what
// cross-spawn (the stdio transport's spawner) does on win32. Node refuses to spawn a .cmd directly
// (EINVAL since the 2024 batch-file fix), so this path is the one that must be right.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'lena-shim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs cross-spawn's command parsing in a child Node that believes it is on Windows. */
function parseOnWindows(
  command: string,
  args: string[],
  env: Record<string, string>,
): { command: string; args: string[] } {
  const script = `
    Object.defineProperty(process, 'platform', { value: 'win32' });
    const parse = require('cross-spawn/lib/parse');
    const r = parse(${JSON.stringify(command)}, ${JSON.stringify(args)}, { env: ${JSON.stringify(env)} });
    process.stdout.write(JSON.stringify({ command: r.command, args: r.args }));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: process.cwd() });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

it('runs an npx.cmd shim through cmd.exe with quoted, escaped arguments', () => {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'npx.cmd'), '@echo off\r\n');
  const parsed = parseOnWindows(
    'npx',
    ['-y', '@modelcontextprotocol/server-filesystem', 'C:\\Users\\me\\my notes', 'a&b|c'],
    { PATH: bin, PATHEXT: '.COM;.EXE;.BAT;.CMD' },
  );
  expect(parsed.command.toLowerCase()).toMatch(/cmd\.exe$/);
  expect(parsed.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
  const line = parsed.args[3];
  expect(line).toMatch(/^"npx /);
  expect(line).toContain('^"C:\\Users\\me\\my^ notes^"');
  // Shell metacharacters inside an argument are escaped, so they cannot start a second command.
  expect(line).toContain('a^&b^|c');
});
