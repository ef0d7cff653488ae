// What the tool registry costs per chat turn and per server (re)connect: 40 servers with 50 tools
// each (dotted, unicode and over-long names among them), the Anthropic tool list built for every
// request, argument validation (first call loads Ajv and compiles; later calls reuse it), and a
// 5 MB result cut for the model. Baselines measured in the same run: a JSON.stringify of the same
// definitions, and a bare slice of the same text. Quick pass: the same sizes, three runs of each.
import { convertToolResult } from '../../electron/core/mcp/registry/results';
import { ToolRegistry } from '../../electron/core/mcp/registry/registry';
import type { Tool } from '../../shared/mcp-types';
import { time } from './timing';
import { sized, writeBenchReport } from './quick.mjs';

const runs = (n: number) => sized(n, 3);

const SERVERS = 40;
const TOOLS = 50;

const toolsOf = (s: number): Tool[] =>
  Array.from({ length: TOOLS }, (_, t) => ({
    name:
      t % 10 === 0 ? `ns.tool ${t}` : t % 10 === 1 ? `${'long_name_'.repeat(8)}${t}` : `tool_${t}`,
    description: `Tool ${t} of server ${s}. ${'Describes what it does in some detail. '.repeat(6)}`,
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, depth: { type: 'integer', minimum: 0 } },
      required: ['path'],
    },
  }));
const lists = Array.from({ length: SERVERS }, (_, s) => toolsOf(s));

const registry = new ToolRegistry();
const connectAllMs = await time(1, () =>
  lists.forEach((tools, s) => registry.setServerTools(`server-${s}`, tools)),
);
let flip = false;
const reversed = [...lists[0]].reverse();
// Alternate two different lists so that every run really rebuilds.
const oneChangeMs = await time(runs(9), () => {
  flip = !flip;
  registry.setServerTools('server-0', flip ? reversed : lists[0]);
});
const anthropicMs = await time(runs(21), () => registry.anthropicTools());
const definitions = registry.anthropicTools();
const stringifyMs = await time(runs(21), () => JSON.stringify(definitions));

const name = registry.qualifiedName('server-3', 'tool_5')!;
const firstValidateMs = await time(1, () =>
  registry.validateArguments(name, { path: '/a', depth: 1 }),
);
const cachedValidateMs = await time(runs(101), () =>
  registry.validateArguments(name, { path: '/a', depth: 1 }),
);

const big = 'x'.repeat(5 * 1024 * 1024);
const convertMs = await time(runs(9), () =>
  convertToolResult({ content: [{ type: 'text', text: big }] }),
);
const sliceMs = await time(runs(9), () => big.slice(0, 100_000));

const rows = [
  ['tools registered', SERVERS * TOOLS, ''],
  ['connect 40 servers one by one (ms)', connectAllMs.toFixed(1), ''],
  ['one server list_changed (ms)', oneChangeMs.toFixed(2), ''],
  [
    'anthropicTools() per request (ms)',
    anthropicMs.toFixed(2),
    `${(anthropicMs / stringifyMs).toFixed(2)}× a JSON.stringify of them`,
  ],
  [
    'estimated tokens of all definitions',
    registry.tokenCosts().reduce((n, c) => n + c.tokens, 0),
    '',
  ],
  ['first validation: load Ajv + compile (ms)', firstValidateMs.toFixed(1), ''],
  [
    'cached validation (ms)',
    cachedValidateMs.toFixed(3),
    `${(firstValidateMs / cachedValidateMs).toFixed(0)}× faster than the first`,
  ],
  [
    '5 MB text result → model copy (ms)',
    convertMs.toFixed(2),
    `${(convertMs / Math.max(sliceMs, 0.001)).toFixed(1)}× a bare slice`,
  ],
];
for (const [label, value, note] of rows)
  process.stdout.write(`${String(label).padEnd(44)} ${String(value).padStart(10)}  ${note}\n`);
writeBenchReport('registry', {
  figures: Object.fromEntries(rows.map(([label, value]) => [label, value])),
});
