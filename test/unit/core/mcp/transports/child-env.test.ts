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
    expect(env).toEqual({
      HOME: '/home/ada',
      PATH: '/opt/bin',
      USER: 'ada',
      SHELL: '/bin/zsh',
      API_KEY: 'configured',
    });
  });

  it('drops exported shell functions', () => {
    expect(childEnvironment(undefined, parent, 'linux').TERM).toBeUndefined();
  });

  it('uses the Windows list, matching names whatever their case', () => {
    const env = childEnvironment(
      undefined,
      {
        Path: 'C:\\Windows',
        SystemRoot: 'C:\\Windows',
        APPDATA: 'C:\\AppData',
        ANTHROPIC_API_KEY: 'x',
        HOME: '/h',
      },
      'win32',
    );
    expect(env).toEqual({ Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', APPDATA: 'C:\\AppData' });
  });
});

describe('the network and locale part of the base environment', () => {
  const network = {
    ...parent,
    HTTPS_PROXY: 'http://proxy:3128',
    http_proxy: 'http://proxy:3128',
    no_proxy: 'localhost',
    NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
    SSL_CERT_FILE: '/etc/ssl/cert.pem',
    SSL_CERT_DIR: '/etc/ssl/certs',
    REQUESTS_CA_BUNDLE: '/etc/corp-ca.pem',
    LANG: 'de_DE.UTF-8',
    LC_ALL: 'de_DE.UTF-8',
    LC_CTYPE: 'UTF-8',
    TMPDIR: '/var/tmp',
    NPM_TOKEN: 'secret',
  };

  it('passes proxies (either case), CA bundles, LANG, LC_* and TMPDIR, and still no secrets', () => {
    const env = childEnvironment(undefined, network, 'linux');
    for (const name of [
      'HTTPS_PROXY',
      'http_proxy',
      'no_proxy',
      'NODE_EXTRA_CA_CERTS',
      'SSL_CERT_FILE',
      'SSL_CERT_DIR',
      'REQUESTS_CA_BUNDLE',
      'LANG',
      'LC_ALL',
      'LC_CTYPE',
      'TMPDIR',
    ]) {
      expect(env[name], name).toBe(network[name as keyof typeof network]);
    }
    expect(env.NPM_TOKEN).toBeUndefined();
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.GITHUB_TOKEN).toBeUndefined();
  });

  it('on Windows passes what a process needs to start, and the proxy whatever its case', () => {
    const env = childEnvironment(
      undefined,
      {
        ComSpec: 'C:\\cmd.exe',
        ProgramData: 'C:\\ProgramData',
        'ProgramFiles(x86)': 'C:\\PF86',
        NUMBER_OF_PROCESSORS: '8',
        https_proxy: 'http://p:1',
        SECRET: 'x',
      },
      'win32',
    );
    expect(env).toEqual({
      ComSpec: 'C:\\cmd.exe',
      ProgramData: 'C:\\ProgramData',
      'ProgramFiles(x86)': 'C:\\PF86',
      NUMBER_OF_PROCESSORS: '8',
      https_proxy: 'http://p:1',
    });
  });
});
