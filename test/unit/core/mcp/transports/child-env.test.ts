// What a spawned server may see of Lena's environment (RELIABILITY.md security 11).
import { describe, expect, it } from 'vitest';
import { childEnvironment } from '../../../../../electron/core/mcp/transports/child-env';

const parent = {
  HOME: '/home/ada',
  PATH: '/usr/bin:/bin',
  USER: 'ada',
  SHELL: '/bin/zsh',
  ANTHROPIC_API_KEY: 'sk-ant-secret',
  GITHUB_TOKEN: 'ghp_secret',
  TERM: '() { :; }; echo pwned',
};

describe('childEnvironment', () => {
  it('passes only the allow-listed base plus the configured variables', () => {
    const env = childEnvironment({ API_KEY: 'configured', PATH: '/opt/bin' }, parent, 'linux');
    expect(env).toEqual({ HOME: '/home/ada', PATH: '/opt/bin', USER: 'ada', SHELL: '/bin/zsh', API_KEY: 'configured' });
  });

  it('drops exported shell functions', () => {
    expect(childEnvironment(undefined, parent, 'linux').TERM).toBeUndefined();
  });

  it('uses the Windows list, matching names whatever their case', () => {
    const env = childEnvironment(undefined, { Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', APPDATA: 'C:\\AppData', ANTHROPIC_API_KEY: 'x', HOME: '/h' }, 'win32');
    expect(env).toEqual({ Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', APPDATA: 'C:\\AppData' });
  });
});
