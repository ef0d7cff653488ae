// Issue 12 item 8: one redaction for every place Lena shows or logs text. Each case is a leak
// that was possible before: a secret in hex or base64 form, a short configured token, a literal
// `--token` argument or `?api_key=` in an entry shown by `lena mcp list`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RotatingLog } from '../../../../electron/core/base/log-file';
import { configuredSecrets, containsSecret, redact } from '../../../../electron/core/base/redact';
import { statusError } from '../../../../electron/core/mcp/transports/http-errors';
import {
  entryTarget,
  looksLikeCredential,
  redactArgs,
  redactEntry,
  redactUrl,
} from '../../../../electron/core/base/credentials';
import { maskEntry } from '../../../../electron/core/mcp/manager/status';
import { sensitiveValues } from '../../../../electron/core/mcp/manager/session-helpers';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('redact: every form of a known secret', () => {
  const secret = 'hunter2-Pa55word';

  it('finds the secret in base64 at all three byte alignments (Basic base64(user:pass))', () => {
    for (const user of ['u', 'us', 'use', 'user']) {
      const header = `Authorization was Basic ${b64(`${user}:${secret}`)} here`;
      const line = `sent ${b64(`${user}:${secret}`)} to the server`;
      expect(redact(line, [secret])).not.toContain(b64(`${user}:${secret}`).slice(4, -4));
      expect(redact(header, [secret])).toContain('[redacted]');
    }
    expect(redact(`token=${Buffer.from(secret).toString('base64url')}`, [secret])).not.toContain(
      Buffer.from(secret).toString('base64url').slice(0, 12),
    );
  });

  it('finds it plain, URL-encoded and in hex (lower and upper case)', () => {
    const hex = Buffer.from(secret).toString('hex');
    const text = `a ${secret} b ${encodeURIComponent('x' + secret)} c ${hex} d ${hex.toUpperCase()}`;
    const out = redact(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(hex);
    expect(out).not.toContain(hex.toUpperCase());
  });

  it('redacts short values only when they are configured secrets, and only as whole tokens', () => {
    expect(redact('key abc1 and xabc1y', ['abc1'])).toBe('key abc1 and xabc1y');
    expect(redact('key abc1 and xabc1y, "abc1"', [{ value: 'abc1', short: true }])).toBe(
      'key [redacted] and xabc1y, "[redacted]"',
    );
  });

  it('redacts configured values however short, through the one redact (an HTTP error body too)', () => {
    expect(redact('id=xy9 and xy9z', configuredSecrets(['xy9']))).toBe('id=[redacted] and xy9z');
    const error = statusError(new URL('https://h/mcp'), 401, 'Unauthorized', 'bad token tk1', [
      'tk1',
    ]);
    expect(error.message).toContain('Server said: bad token [redacted]');
    expect(error.message).not.toContain('tk1');
  });

  it("a server's short configured secrets are cut from its stderr, its ordinary settings are not", () => {
    const entry = {
      command: 'srv',
      env: { API_TOKEN: 'ab12', LOG_LEVEL: 'info', PIN: '${secret:pin}' },
    };
    const launch = {
      transport: 'stdio' as const,
      command: 'srv',
      args: [],
      env: { API_TOKEN: 'ab12', LOG_LEVEL: 'info', PIN: '9876' },
      requestTimeoutMs: 1,
      startupTimeoutMs: 1,
    };
    expect(redact('info: token ab12 refused, pin 9876', sensitiveValues(entry, launch))).toBe(
      'info: token [redacted] refused, pin [redacted]',
    );
  });

  it('containsSecret sees the same forms', () => {
    expect(containsSecret(`Basic ${b64(`me:${secret}`)}`, secret)).toBe(true);
    expect(containsSecret(Buffer.from(secret).toString('hex'), secret)).toBe(true);
    expect(containsSecret('nothing here', secret)).toBe(false);
  });
});

describe('redact: credentials Lena does not know', () => {
  it('cuts --token/--api-key values, query credentials and URL passwords in free text', () => {
    expect(redact('spawn server --token abcd1234 --verbose')).toBe(
      'spawn server --token [redacted] --verbose',
    );
    expect(redact('spawn server --api-key=abcd1234')).toBe('spawn server --api-key=[redacted]');
    expect(redact('GET https://h/mcp?api_key=abcdef&page=2')).toBe(
      'GET https://h/mcp?api_key=[redacted]&page=2',
    );
    expect(redact('proxy http://ann:s3cret@proxy:8080 failed')).toBe(
      'proxy http://ann:[redacted]@proxy:8080 failed',
    );
  });
});

describe('entries as Lena shows them', () => {
  it('lena mcp list no longer prints a literal --token or ?api_key= value', () => {
    expect(
      entryTarget({
        command: 'npx',
        args: ['-y', 'srv', '--token', 'ghp_abcdefghijklmnopqrstuvwx', '--password=hunter22'],
      }),
    ).toBe('npx -y srv --token [redacted] --password=[redacted]');
    expect(entryTarget({ url: 'https://mcp.example.com/mcp?api_key=k-123456&region=eu' })).toBe(
      'https://mcp.example.com/mcp?api_key=[redacted]&region=[redacted]',
    );
  });

  it('the status the window and the CLI show carries no literal credential of the entry', () => {
    const shown = maskEntry({
      command: 'srv',
      args: ['--api-key', 'k-123456789', '--port', '80'],
      url: undefined,
      env: { T: 'tok-123456' },
    });
    expect(shown).toEqual({
      command: 'srv',
      args: ['--api-key', '[redacted]', '--port', '80'],
      env: { T: '••••••' },
    });
    expect(
      maskEntry({
        url: 'https://u:pw-secret@h/mcp?token=abcdef',
        headers: { Authorization: 'Bearer x' },
      }),
    ).toEqual({
      url: 'https://u:[redacted]@h/mcp?token=[redacted]',
      headers: { Authorization: '••••••' },
    });
  });

  it('keeps ${…} references, which name a value without holding it', () => {
    expect(redactArgs(['--token', '${secret:gh}'])).toEqual(['--token', '${secret:gh}']);
    expect(redactUrl('https://h/mcp?key=${API_KEY}')).toBe('https://h/mcp?key=${API_KEY}');
    const shown = redactEntry({
      url: 'https://h/mcp',
      headers: {
        Authorization: 'Bearer abc123456',
        'X-Team': '${TEAM}',
        'X-Key': 'Bearer ${secret:k}',
      },
      env: { A: 'literal' },
    });
    expect(shown.headers).toEqual({
      Authorization: 'Bearer [redacted]',
      'X-Team': '${TEAM}',
      'X-Key': 'Bearer ${secret:k}',
    });
    expect(shown.env).toEqual({ A: '[redacted]' });
  });

  it('recognises credential-looking literals by name or by shape, not ordinary values', () => {
    expect(looksLikeCredential('GITHUB_TOKEN', 'abcd')).toBe(true);
    expect(looksLikeCredential('LOG_LEVEL', 'debug')).toBe(false);
    expect(looksLikeCredential('X', 'sk-ant-api03-abcdefghijklmnop')).toBe(true);
    expect(looksLikeCredential('X', 'Xy9kLm2Pq8Rs7Tu6Vw5Za4')).toBe(true);
    expect(looksLikeCredential('X', '/usr/local/share/notes')).toBe(false);
    expect(looksLikeCredential('API_TOKEN', '${secret:t}')).toBe(false);
    expect(looksLikeCredential('DEBUG_AUTH', 'true')).toBe(false);
  });
});

describe('the log file', () => {
  it('redacts a short secret-store value as a whole token, and its base64 form', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-redact-log-'));
    try {
      const log = new RotatingLog({ dir, secrets: () => ['pw42', 'longer-secret-99'] });
      log.write(
        'info',
        'test',
        `login pw42 failed; xpw42y kept; sent ${Buffer.from('ann:longer-secret-99').toString('base64')}`,
      );
      const text = readFileSync(log.file, 'utf8');
      expect(text).toContain('login [redacted] failed; xpw42y kept');
      expect(text).not.toContain(Buffer.from('ann:longer-secret-99').toString('base64'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
