import { describe, expect, it } from 'vitest';
import { nameHash } from '../../../../../electron/core/mcp/registry/names';
import {
  ToolRegistry,
  type RegistryChange,
} from '../../../../../electron/core/mcp/registry/registry';
import type { Tool } from '../../../../../shared/mcp-types';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  inputSchema: { type: 'object' },
  ...extra,
});

describe('ToolRegistry', () => {
  it('builds Anthropic definitions: server-prefixed description, schema kept, type object ensured, empty schema when none', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('filesystem', [
      tool('read_file', {
        description: 'Read a file',
        inputSchema: { properties: { path: { type: 'string' } }, required: ['path'] },
      }),
      { name: 'ping', title: 'Ping the server' } as Tool,
      tool('bare'),
    ]);
    expect(registry.anthropicTools()).toEqual([
      {
        name: 'mcp__filesystem__read_file',
        description: '[filesystem] Read a file',
        input_schema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        },
      },
      {
        name: 'mcp__filesystem__ping',
        description: '[filesystem] Ping the server',
        input_schema: { type: 'object', properties: {} },
      },
      {
        name: 'mcp__filesystem__bare',
        description: '[filesystem] bare',
        input_schema: { type: 'object' },
      },
    ]);
  });

  it('caps an enormous description for the model but keeps the original for the UI', () => {
    const registry = new ToolRegistry();
    const huge = 'd'.repeat(50_000);
    registry.setServerTools('s', [tool('t', { description: huge })]);
    expect(registry.anthropicTools()[0].description).toBe(
      `[s] ${'d'.repeat(10_000)} [description truncated: 40000 of 50000 characters cut]`,
    );
    expect(registry.resolve('mcp__s__t')?.tool.description).toBe(huge);
  });

  it('resolves qualified names back to the exact server and tool, even for dotted, colliding and long names', () => {
    const registry = new ToolRegistry();
    const long = `search_${'very_long_'.repeat(10)}`;
    registry.setServerTools('git.hub', [tool('a.b'), tool('a_b'), tool(long), tool('naïve tool')]);
    registry.setServerTools('other', [tool('a.b')]);
    const names = registry.tools().map((t) => t.qualifiedName);
    expect(new Set(names).size).toBe(5);
    for (const entry of registry.tools()) {
      expect(entry.qualifiedName).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      const resolved = registry.resolve(entry.qualifiedName)!;
      expect([resolved.server, resolved.tool.name]).toEqual([entry.server, entry.tool.name]);
    }
    expect(registry.qualifiedName('git.hub', 'a_b')).toBe('mcp__git_hub__a_b');
    expect(registry.qualifiedName('git.hub', 'a.b')).toBe(
      `mcp__git_hub__a_b_${nameHash({ server: 'git.hub', tool: 'a.b' })}`,
    );
    expect(registry.qualifiedName('other', 'a.b')).toBe('mcp__other__a_b');
    expect(registry.resolve('mcp__nope__x')).toBeUndefined();
  });

  it('when a collision appears later, definitions follow the new names and other servers keep theirs', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('s', [tool('a.b', { description: 'dotted' })]);
    registry.setServerTools('t', [tool('x')]);
    const untouched = registry.resolve('mcp__t__x');
    expect(registry.anthropicTools().map((t) => [t.name, t.description])).toEqual([
      ['mcp__s__a_b', '[s] dotted'],
      ['mcp__t__x', '[t] x'],
    ]);
    registry.setServerTools('s', [
      tool('a.b', { description: 'dotted' }),
      tool('a_b', { description: 'plain' }),
    ]);
    const hashed = `mcp__s__a_b_${nameHash({ server: 's', tool: 'a.b' })}`;
    expect(registry.anthropicTools().map((t) => [t.name, t.description])).toEqual([
      [hashed, '[s] dotted'],
      ['mcp__s__a_b', '[s] plain'],
      ['mcp__t__x', '[t] x'],
    ]);
    expect(registry.resolve(hashed)?.tool.name).toBe('a.b');
    expect(registry.resolve('mcp__s__a_b')?.tool.name).toBe('a_b');
    expect(registry.resolve('mcp__t__x')).toBe(untouched);
  });

  it('orders tools by server name then listing order, whatever order servers connect or reconnect in', () => {
    const a = new ToolRegistry();
    a.setServerTools('memory', [tool('z'), tool('a')]);
    a.setServerTools('files', [tool('read')]);
    const b = new ToolRegistry();
    b.setServerTools('files', [tool('read')]);
    b.setServerTools('memory', [tool('z'), tool('a')]);
    b.removeServer('files');
    b.setServerTools('files', [tool('read')]);
    const expected = ['mcp__files__read', 'mcp__memory__z', 'mcp__memory__a'];
    expect(a.anthropicTools().map((t) => t.name)).toEqual(expected);
    expect(b.anthropicTools().map((t) => t.name)).toEqual(expected);
  });

  it('per-tool disabling hides a tool from the model without renaming others, and is reported', async () => {
    const registry = new ToolRegistry({ disabledTools: ['mcp__fs__write'] });
    registry.setServerTools('fs', [tool('read'), tool('write')]);
    expect(registry.anthropicTools().map((t) => t.name)).toEqual(['mcp__fs__read']);
    expect(registry.resolve('mcp__fs__write')).toMatchObject({ enabled: false, server: 'fs' });
    const changes: RegistryChange[] = [];
    registry.on('changed', (c) => changes.push(c));
    registry.setDisabledTools([]);
    registry.setDisabledTools([]); // no change, no event
    expect(registry.anthropicTools().map((t) => t.name)).toEqual([
      'mcp__fs__read',
      'mcp__fs__write',
    ]);
    expect(changes).toEqual([{ reason: 'disabled' }]);
  });

  it("emits changed when a server's tools change or it is removed, not when the same list arrives again; unsubscribe works", () => {
    const registry = new ToolRegistry();
    const changes: RegistryChange[] = [];
    const off = registry.on('changed', (c) => changes.push(c));
    registry.setServerTools('a', [tool('x')]);
    registry.setServerTools('a', [tool('x')]);
    registry.setServerTools('a', [tool('x'), tool('y')]);
    registry.removeServer('a');
    registry.removeServer('a');
    off();
    registry.setServerTools('b', [tool('z')]);
    expect(changes).toEqual([
      { reason: 'tools', server: 'a' },
      { reason: 'tools', server: 'a' },
      { reason: 'removed', server: 'a' },
    ]);
    expect(registry.anthropicTools().map((t) => t.name)).toEqual(['mcp__b__z']);
  });

  it('drops nameless and duplicate tools and says why', () => {
    const registry = new ToolRegistry();
    const dropped = registry.setServerTools('s', [
      tool('a'),
      { inputSchema: {} } as Tool,
      tool('a', { description: 'again' }),
    ]);
    expect(dropped).toEqual([
      { name: undefined, reason: 'a tool needs a non-empty string "name"' },
      { name: 'a', reason: 'the server listed "a" more than once; the first is used' },
    ]);
    expect(registry.tools().map((t) => t.tool.description)).toEqual([undefined]);
  });

  it('validates arguments by qualified name', async () => {
    const registry = new ToolRegistry();
    registry.setServerTools('fs', [
      tool('read', {
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        },
      }),
    ]);
    expect(await registry.validateArguments('mcp__fs__read', { path: '/x' })).toEqual({ ok: true });
    expect(await registry.validateArguments('mcp__fs__read', { path: 1 })).toEqual({
      ok: false,
      message:
        "Invalid arguments for mcp__fs__read: /path must be string. Fix the arguments to match the tool's input schema and call it again.",
    });
    expect(await registry.validateArguments('mcp__fs__nope', {})).toEqual({
      ok: false,
      message: 'There is no tool named mcp__fs__nope; use one of the tools listed.',
    });
  });

  it('estimates token cost per server (enabled tools only), largest first', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('small', [tool('a')]);
    registry.setServerTools(
      'big',
      Array.from({ length: 5 }, (_, i) => tool(`t${i}`, { description: 'd'.repeat(400) })),
    );
    const costs = registry.tokenCosts();
    expect(costs.map((c) => [c.server, c.tools])).toEqual([
      ['big', 5],
      ['small', 1],
    ]);
    const bigDefs = registry.anthropicTools().filter((t) => t.name.startsWith('mcp__big__'));
    expect(costs[0].tokens).toBe(Math.ceil(JSON.stringify(bigDefs).length / 4));
    expect(costs[0].tokens).toBeGreaterThan(500);
    registry.setDisabledTools(registry.tools('big').map((t) => t.qualifiedName));
    expect(registry.tokenCosts().find((c) => c.server === 'big')).toEqual({
      server: 'big',
      tools: 0,
      tokens: 0,
    });
  });
});
