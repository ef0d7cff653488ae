// What the permission gate costs per tool call: decide() with a large rule set (1,000 user rules,
// 50 project rules, 20 session grants) and 2,000 pinned tools, the hidden-character scan of a
// 100 KB description, the definition hash of a large schema, and a pin written to disk (atomic,
// fsync). Baseline measured in the same run: a JSON.stringify of the same call. Quick pass: the
// same sizes, three runs of each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decide } from '../../electron/core/permissions/gate';
import { scanText } from '../../shared/invisible';
import { definitionHash, PinStore } from '../../electron/core/permissions/pins';
import { defaultPermissionState } from '../../electron/core/permissions/scopes';
import type { ToolCallRequest, ToolDefinition } from '../../electron/core/permissions/types';
import { time } from './timing';
import { sized, writeBenchReport } from './quick.mjs';

const runs = (n: number) => sized(n, 3);

const schema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 200 }, (_, i) => [
      `field_${i}`,
      { type: 'string', description: `Field ${i}` },
    ]),
  ),
};
const toolDef = (s: number, t: number): ToolDefinition => ({
  name: `tool_${t}`,
  description: `Tool ${t} of server ${s}. ${'Does things. '.repeat(20)}`,
  inputSchema: schema,
});

const state = defaultPermissionState();
for (let i = 0; i < 1000; i++) {
  const list =
    i % 3 === 0
      ? state.permissions.deny
      : i % 3 === 1
        ? state.permissions.ask
        : state.permissions.allow;
  list.push({
    rule: i % 10 === 0 ? `mcp__server-${i % 40}` : `mcp__server-${i % 40}__tool_${i}`,
    identity: 'h',
  });
}
const projectRules = {
  deny: Array.from({ length: 50 }, (_, i) => ({ rule: `mcp__server-${i % 40}__tool_${1000 + i}` })),
};
const sessionGrants = Array.from({ length: 20 }, (_, i) => ({
  rule: `mcp__server-1__tool_${2000 + i}`,
  identity: 'h',
}));

const dir = mkdtempSync(join(tmpdir(), 'lena-bench-permissions-'));
try {
  const pins = await PinStore.open(join(dir, 'pins.json'));
  for (let s = 0; s < 40; s++)
    await pins.pinNew(
      `server-${s}`,
      Array.from({ length: 50 }, (_, t) => toolDef(s, t)),
    );
  const request: ToolCallRequest = {
    conversationId: 'c1',
    qualifiedName: 'mcp__server-7__tool_33',
    serverName: 'server-7',
    toolName: 'tool_33',
    identity: { name: 'server-7', hash: 'h' },
    tool: toolDef(7, 33),
    arguments: { path: '/tmp/file', content: 'x'.repeat(2000) },
  };
  const context = { state, projectRules, sessionGrants, pins, interactive: true };
  const decideMs = await time(runs(201), () => decide(request, context));
  const decideNoPinsMs = await time(runs(201), () =>
    decide(request, { ...context, pins: undefined }),
  );
  const stringifyMs = await time(runs(201), () => JSON.stringify(request));
  // Argument rules: 1,000 over 100 tools (10 per tool), path patterns; the call's path normalised once.
  const argState = defaultPermissionState();
  for (let i = 0; i < 1000; i++)
    (i % 2 ? argState.permissions.allow : argState.permissions.deny).push({
      rule: `mcp__server-7__tool_${i % 100}(path:${dir}/notes/${i}/**, mode:"{a,b}")`,
      identity: 'h',
    });
  const argRequest = { ...request, arguments: { path: `${dir}/notes/3/x.md`, mode: 'a' } };
  const argDecideMs = await time(runs(201), () =>
    decide(argRequest, { state: argState, interactive: true }),
  );
  const argStringifyMs = await time(runs(201), () => JSON.stringify(argRequest));
  const description = `${'A long description with ordinary text. '.repeat(2600)}\u200B`;
  const scanMs = await time(runs(21), () => scanText(description));
  const hashMs = await time(runs(51), () => definitionHash(toolDef(1, 1)));
  const pinWriteMs = await time(runs(11), () =>
    pins.pin('server-0', { ...toolDef(0, 0), description: String(Math.random()) }),
  );

  const rows = [
    ['rules (user / project / session)', '1000 / 50 / 20', ''],
    ['pinned tools', 2000, ''],
    [
      'decide() with pins (ms)',
      decideMs.toFixed(3),
      `${(decideMs / stringifyMs).toFixed(1)}× a JSON.stringify of the call`,
    ],
    ['decide() without pins (ms)', decideNoPinsMs.toFixed(3), ''],
    [
      'decide(), 1,000 argument rules / 100 tools (ms)',
      argDecideMs.toFixed(3),
      `${(argDecideMs / argStringifyMs).toFixed(1)}× a JSON.stringify of the call (goal: 50×)`,
    ],
    [`scanText of ${(description.length / 1024).toFixed(0)} KB (ms)`, scanMs.toFixed(2), ''],
    ['definitionHash, 200-field schema (ms)', hashMs.toFixed(3), ''],
    ['pin written to pins.json (2,000 pins) (ms)', pinWriteMs.toFixed(1), 'atomic write + fsync'],
  ];
  for (const [label, value, note] of rows)
    process.stdout.write(`${String(label).padEnd(44)} ${String(value).padStart(14)}  ${note}\n`);
  writeBenchReport('permissions', {
    figures: Object.fromEntries(rows.map(([label, value]) => [label, value])),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
