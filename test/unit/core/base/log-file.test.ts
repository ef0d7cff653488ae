import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../shared/app-types';
import { RotatingLog } from '../../../../electron/core/base/log-file';

const SECRET = 'my-test-secret-7f3a9c';

let dir: string;
let log: RotatingLog | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-logs-'));
});
afterEach(() => {
  log?.close();
  rmSync(dir, { recursive: true, force: true });
});

const allLogText = () =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('');

describe('RotatingLog', () => {
  it('never writes a known secret, token, credential header or session id', () => {
    const seen: LogEntry[] = [];
    log = new RotatingLog({ dir, secrets: () => [SECRET], onEntry: (e) => seen.push(e) });
    log.info('mcp', `spawn server with env TOKEN=${SECRET}`);
    log.info(
      'http',
      `POST /mcp Authorization: Bearer abcdef123456789 x-api-key: sk-ant-api03-abcdefghijkl Mcp-Session-Id: 5c1e2d3f-aaaa`,
    );
    log.error(
      'chat',
      'request failed',
      new Error(`401 for key ${encodeURIComponent(SECRET + '/x')}`),
    );
    const text = allLogText();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(encodeURIComponent(SECRET));
    for (const leak of ['abcdef123456789', 'sk-ant-api03', '5c1e2d3f'])
      expect(text).not.toContain(leak);
    expect(text).toContain('[redacted]');
    expect(text).toMatch(/^\S+Z INFO {2}\[mcp\] spawn server/m);
    expect(seen.map((e) => e.message).join()).not.toContain(SECRET);
  });

  it('rotates at the size limit and keeps the configured number of files', () => {
    log = new RotatingLog({ dir, maxBytes: 1000, maxFiles: 3 });
    for (let i = 0; i < 100; i++)
      log.info('test', `line ${String(i).padStart(3, '0')} ${'x'.repeat(60)}`);
    log.close();
    expect(readdirSync(dir).sort()).toEqual(['lena.1.log', 'lena.2.log', 'lena.log']);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000);
    // The newest lines are in lena.log, the ones before in lena.1.log.
    expect(readFileSync(join(dir, 'lena.log'), 'utf8')).toContain('line 099');
    expect(readFileSync(join(dir, 'lena.1.log'), 'utf8')).not.toContain('line 099');
  });

  it('appends to the existing log across restarts and skips levels below the minimum', () => {
    new RotatingLog({ dir }).info('main', 'first run');
    log = new RotatingLog({ dir, minLevel: 'info' });
    log.write('debug', 'main', 'noise');
    log.warn('main', 'second run');
    const text = readFileSync(join(dir, 'lena.log'), 'utf8');
    expect(text).toMatch(/first run[\s\S]*second run/);
    expect(text).not.toContain('noise');
  });

  it('keeps each entry on lines that start with a timestamp or an indent', () => {
    log = new RotatingLog({ dir });
    log.info('main', 'one\ntwo\r\nthree');
    expect(readFileSync(join(dir, 'lena.log'), 'utf8').split('\n').slice(1, 3)).toEqual([
      '    two',
      '    three',
    ]);
  });
});
