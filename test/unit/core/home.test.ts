import { describe, expect, it } from 'vitest';
import { lenaPaths, resolveLenaHome } from '../../../electron/core/home';

describe("Lena's home", () => {
  it('defaults to ~/.lena and honours LENA_HOME', () => {
    expect(resolveLenaHome({}, '/home/ada')).toBe('/home/ada/.lena');
    expect(resolveLenaHome({ LENA_HOME: '/tmp/x' }, '/home/ada')).toBe('/tmp/x');
    expect(resolveLenaHome({ LENA_HOME: '  ' }, '/home/ada')).toBe('/home/ada/.lena');
  });

  it('keeps the user config, settings, database and logs inside it', () => {
    const p = lenaPaths('/h');
    expect(p).toMatchObject({ mcpConfig: '/h/mcp.json', settings: '/h/settings.json', database: '/h/lena.db', logs: '/h/logs' });
  });
});
