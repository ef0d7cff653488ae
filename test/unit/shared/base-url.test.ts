// The API key goes wherever baseUrl points: plain http is accepted only for this machine.
import { describe, expect, it } from 'vitest';
import { baseUrlProblem, isLoopbackHost } from '../../../shared/base-url';
import { settingsPatch } from '../../../shared/contract-schemas';
import { readSettings } from '../../../electron/core/store/settings-schema';

describe('baseUrl', () => {
  it('accepts https anywhere and http only for loopback hosts', () => {
    for (const url of [
      'https://api.example.com',
      'https://10.0.0.5:8443/v1',
      'http://localhost:8080',
      'http://127.0.0.1:4000/',
      'http://127.8.9.10',
      'http://[::1]:3000',
      'http://gateway.localhost/',
    ])
      expect([url, baseUrlProblem(url)]).toEqual([url, null]);
    // URL normalises other spellings of loopback first.
    expect(isLoopbackHost(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(true);
    expect(baseUrlProblem('http://0x7f.1/')).toBeNull();
  });

  it('refuses plain http to any other host, saying why and what to use instead', () => {
    for (const url of [
      'http://api.example.com/v1',
      'http://10.0.0.5:8080',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
      'http://[::2]/',
    ])
      expect([url, baseUrlProblem(url)]).toEqual([
        url,
        expect.stringContaining('plain http is allowed only for this machine'),
      ]);
    expect(baseUrlProblem('http://api.example.com/v1')).toContain(
      'Use https://api.example.com/v1 instead',
    );
    expect(baseUrlProblem('file:///etc/passwd')).toMatch(/must start with https:\/\//);
    expect(baseUrlProblem('api.example.com')).toMatch(/is not a URL/);
  });

  it('the window cannot save one, and a settings.json holding one falls back to the default with the reason', () => {
    const patch = settingsPatch.safeParse({ baseUrl: 'http://collector.example/' });
    expect(patch.success).toBe(false);
    expect(patch.error?.issues[0].message).toContain('plain http is allowed only for this machine');
    expect(settingsPatch.parse({ baseUrl: 'http://localhost:8080' })).toEqual({
      baseUrl: 'http://localhost:8080',
    });

    const read = readSettings({ baseUrl: 'http://collector.example/' }, '/h/settings.json');
    expect(read.settings.baseUrl).toBeNull();
    expect(read.issues).toEqual([
      expect.stringMatching(
        /^\/h\/settings\.json: baseUrl: plain http is allowed only for this machine/,
      ),
    ]);
  });
});
