// What tool search knows a server by besides its name: the packages its entry launches or the
// host it reaches, never paths, flags or values (which may be secrets).
import { expect, it } from 'vitest';
import { launchWords } from '../../../../electron/core/host/wiring';

it('takes the launched packages, the host of a URL, and leaves paths, flags and runners out', () => {
  expect(
    launchWords({ command: 'npx', args: ['-y', '@executeautomation/playwright-mcp-server'] }),
  ).toBe('@executeautomation/playwright-mcp-server');
  expect(
    launchWords({ command: 'uvx', args: ['mcp-server-git', '--repository', '/home/me/src/app'] }),
  ).toBe('mcp-server-git');
  expect(launchWords({ command: 'node', args: ['/opt/servers/dist/index.js'] })).toBeUndefined();
  expect(
    launchWords({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server'],
    }),
  ).toBe('ghcr.io/github/github-mcp-server');
  expect(launchWords({ url: 'https://mcp.notion.com/mcp?token=secret' })).toBe('mcp.notion.com');
  expect(launchWords({ url: 'not a url' })).toBeUndefined();
  expect(launchWords(undefined)).toBeUndefined();
});
