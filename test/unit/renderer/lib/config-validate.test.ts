import { describe, expect, it } from 'vitest';
import { validateEntryText, validateFileText } from '../../../../renderer/lib/config-validate';
import { parseMcpServersSnippet } from '../../../../renderer/lib/mcp-snippet';
import { entryFromForm, formFromEntry, secretNameFor } from '../../../../renderer/lib/entry-form';

describe('validating server configuration as it is typed', () => {
  it('reports a JSON syntax error with its line and column', () => {
    const r = validateEntryText('{\n  "command": "npx",\n  "args": ["-y",]\n}', 'mem');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0].line).toBe(3);
      expect(r.issues[0].message).toMatch(/line 3, column \d+: trailing comma/);
    }
  });
  it('marks a trailing comma on the comma’s line, not on the bracket after it', () => {
    const r = validateEntryText('{\n  "command": "npx",\n  "args": ["-y"],\n}', 'mem');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0].line).toBe(3);
      expect(r.issues[0].column).toBe(17);
      expect(r.issues[0].message).toMatch(/line 3, column 17: trailing comma/);
    }
  });
  it('then checks the entry shape and points at the field’s line', () => {
    const r = validateEntryText('{\n  "command": "npx",\n  "args": "-y pkg"\n}', 'mem');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0].line).toBe(3);
      expect(r.issues[0].message).toMatch(/"args" must be an array of strings/);
    }
  });
  it('asks for a command or a url', () => {
    const r = validateEntryText('{}', 'mem');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].message).toMatch(/needs "command".*or "url"/);
  });
  it('accepts a valid entry', () => {
    expect(
      validateEntryText('{"command":"npx","args":["-y","x"],"env":{"A":"b"}}', 'mem'),
    ).toMatchObject({ ok: true });
  });
  it('points at the field itself, not at the same word written earlier in a value', () => {
    // The editor once searched the text for "env" and marked the args line.
    const r = validateEntryText('{\n  "command": "npx",\n  "args": ["env"],\n  "env": 3\n}', 'mem');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => [i.line, i.column])).toEqual([[4, 3]]);
    const one = validateEntryText('{"command": "npx", "env": 3}', 'mem');
    if (!one.ok) expect(one.issues.map((i) => [i.line, i.column])).toEqual([[1, 20]]);
  });
  it('reports a server name written twice, as core does when it loads the file', () => {
    const text =
      '{\n "mcpServers": {\n  "a": {"command": "node"},\n  "a": {"command": "npx"}\n }\n}';
    const r = validateFileText(text);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toEqual([
        {
          line: 4,
          column: 3,
          message: expect.stringMatching(/^server "a" is defined 2 times in this file/),
        },
      ]);
  });
  it('validates a whole file, entry by entry', () => {
    const text =
      '{\n "mcpServers": {\n  "ok": {"command": "node"},\n  "bad name": {"command": "node"},\n  "noCmd": {"env": {}}\n }\n}';
    const r = validateFileText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => i.line)).toEqual([4, 5]);
      expect(r.issues[0].message).toMatch(/not allowed/);
    }
  });
});

describe('pasting a Claude Desktop snippet', () => {
  it('imports every valid server and explains the invalid ones', () => {
    const r = parseMcpServersSnippet(
      JSON.stringify({
        mcpServers: {
          mem: { command: 'npx', args: ['-y', 'server-memory'] },
          web: { url: 'https://x/mcp' },
          bad: { args: [] },
        },
      }),
    );
    expect(r?.servers.map((s) => s.name)).toEqual(['mem', 'web']);
    expect(r?.invalid[0]).toMatchObject({
      name: 'bad',
      reason: expect.stringMatching(/needs "command"/),
    });
  });
  it('accepts a bare fragment copied out of a README', () => {
    const r = parseMcpServersSnippet(
      '"memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },',
    );
    expect(r?.servers).toEqual([
      {
        name: 'memory',
        entry: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      },
    ]);
  });
  it('ignores text that is not a snippet', () => {
    expect(parseMcpServersSnippet('npx -y pkg')).toBeNull();
    expect(parseMcpServersSnippet('{"a": 1}')).toBeNull();
  });
});

describe('the server form round trip', () => {
  it('keeps unknown fields and writes back what the form shows', () => {
    const base = {
      command: 'npx',
      args: ['-y', 'pkg'],
      env: { A: '1' },
      custom: { keep: true },
      timeout: 30,
    };
    const form = formFromEntry(base);
    expect(form).toMatchObject({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', 'pkg'],
      env: [{ key: 'A', value: '1' }],
      timeout: '30',
      enabled: true,
    });
    expect(entryFromForm(form, base)).toEqual(base);
    expect(entryFromForm({ ...form, enabled: false, env: [] }, base)).toEqual({
      command: 'npx',
      args: ['-y', 'pkg'],
      custom: { keep: true },
      timeout: 30,
      disabled: true,
    });
  });
  it('switching transport drops the other transport’s fields', () => {
    const form = {
      ...formFromEntry({ command: 'node', args: ['s.js'] }),
      transport: 'sse' as const,
      url: 'https://x/sse',
    };
    expect(entryFromForm(form, { command: 'node', args: ['s.js'] })).toEqual({
      type: 'sse',
      url: 'https://x/sse',
    });
    expect(entryFromForm({ ...form, transport: 'http' }, {})).toEqual({ url: 'https://x/sse' });
  });
  it('names secrets after the server and key', () => {
    expect(secretNameFor('git-hub', 'token')).toBe('GIT_HUB_TOKEN');
    expect(secretNameFor('9s', 'k')).toBe('_9S_K');
  });
});
