import { describe, expect, it } from 'vitest';
import {
  completeSlashCommand,
  isSlashCommand,
  parseSlashCommand,
} from '../../../../renderer/lib/slash-commands';

describe('/mcp commands', () => {
  it('parses every form', () => {
    expect(parseSlashCommand('/mcp')).toEqual({ kind: 'status' });
    expect(parseSlashCommand('/mcp reload')).toEqual({ kind: 'reload' });
    expect(parseSlashCommand('/mcp reload fs')).toEqual({ kind: 'reload', name: 'fs' });
    expect(parseSlashCommand('/mcp add mem npx -y "@modelcontextprotocol/server-memory"')).toEqual({
      kind: 'add',
      name: 'mem',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
    });
    expect(parseSlashCommand('/mcp remove mem')).toEqual({ kind: 'remove', name: 'mem' });
  });
  it('explains a malformed command', () => {
    expect(parseSlashCommand('/mcp add onlyname')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/needs a name and a command/),
    });
    expect(parseSlashCommand('/mcp frobnicate')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/Unknown \/mcp command "frobnicate"/),
    });
    expect(parseSlashCommand('/mcp remove')).toMatchObject({ kind: 'error' });
  });
  it('tells commands from messages that merely start with a slash', () => {
    expect(isSlashCommand('/mcp reload')).toBe(true);
    expect(isSlashCommand('/mcpx')).toBe(false);
    expect(isSlashCommand('/usr/bin is a folder')).toBe(false);
  });
  it('completes subcommands and server names', () => {
    expect(completeSlashCommand('/m', [])).toEqual([
      '/mcp',
      '/mcp reload',
      '/mcp add',
      '/mcp remove',
    ]);
    expect(completeSlashCommand('/mcp re', [])).toEqual(['/mcp reload', '/mcp remove']);
    expect(completeSlashCommand('/mcp reload f', ['fs', 'files', 'memory'])).toEqual([
      '/mcp reload fs',
      '/mcp reload files',
    ]);
    expect(completeSlashCommand('hello', ['fs'])).toEqual([]);
  });
});
