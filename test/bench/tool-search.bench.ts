// Tools at scale: what the tool definitions cost per request with and without deferral, for 50,
// 200 and 500 real tools (test/fixtures/tool-catalog), and the recall@5 of Lena's own search
// (the fallback) on the committed queries: the first set, held-out sets tuned on since, the
// eighth and sixteenth never tuned on, and eleven sets on servers the catalog's rounds before the
// ninth never saw (servers-unseen.json, servers-unseen2.json and servers-unseen3.json, searched
// among all the tools recorded up to theirs); and how long a search takes, the first time a
// catalog is seen against again (the index reuses its reading of each definition). Tokens are Lena's own estimate (characters / 4 of the JSON the request
// carries) on both sides of the ratio: without deferral every definition; with it the loaded
// definitions plus the search tool (deferred definitions are not in the context).
// Goals: 500 tools at most 10 % of sending all; recall@5 ≥ 0.95. Quick pass: the first ten
// queries of each set, one search timed.
import { buildRequestTools } from '../../electron/core/chat/request-tools';
import {
  NEARBY,
  rankTools,
  searchablesOf,
} from '../../electron/core/chat/tool-search/client-search';
import { ToolRegistry } from '../../electron/core/mcp/registry/registry';
import { estimateTokens, type AnthropicTool } from '../../electron/core/mcp/registry/schemas';
import {
  allRecordings,
  catalogServers,
  recordingAsked,
  toolQueries,
  type RecordedServer,
  type ToolQuery,
} from '../fixtures/tool-catalog/catalog';
import { launchWords } from '../../electron/core/host/wiring';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

function registryOf(count: number): { registry: ToolRegistry; recordedOf: Map<string, string> } {
  const registry = new ToolRegistry();
  const recordedOf = new Map<string, string>();
  for (const s of catalogServers(count)) registry.setServerTools(s.name, s.tools);
  for (const s of catalogServers(count))
    for (const t of registry.tools(s.name))
      recordedOf.set(t.qualifiedName, `${s.recorded}/${t.tool.name}`);
  return { registry, recordedOf };
}

/** Tokens of what the model sees: every definition that is not deferred. */
const contextTokens = (tools: unknown[]) =>
  estimateTokens(
    tools.filter((t) => !(t as { defer_loading?: boolean }).defer_loading) as AnthropicTool[],
  );

const sizes = [50, 200, 500].map((count) => {
  const { registry } = registryOf(count);
  const messages = [{ role: 'user' as const, content: 'hi' }];
  const all = contextTokens(buildRequestTools({ registry, messages }).tools);
  const forced = (mode: 'native' | 'client') =>
    buildRequestTools({ registry, messages, deferral: { budgetTokens: 0, mode } });
  const native = forced('native');
  const client = forced('client');
  // The default budget: a tenth of a 200k-token context window.
  const byDefault = buildRequestTools({
    registry,
    messages,
    deferral: { budgetTokens: 20_000, mode: 'native' },
  });
  return {
    tools: count,
    withoutDeferral: all,
    nativeDeferral: contextTokens(native.tools),
    clientDeferral: contextTokens(client.tools),
    nativeRatio: contextTokens(native.tools) / all,
    clientRatio: contextTokens(client.tools) / all,
    defaultBudget20k: {
      engaged: byDefault.deferral.engaged,
      tokens: contextTokens(byDefault.tools),
    },
  };
});

const { registry, recordedOf } = registryOf(500);
// A user's entry launches each server by its npm package (npx -y <package>): what launchWords gives.
const packageOf = new Map(
  allRecordings()
    .flat()
    .map((r) => [r.server, r.package]),
);
const about = (server: string) =>
  launchWords({ command: 'npx', args: ['-y', packageOf.get(server.replace(/-\d+$/, '')) ?? ''] });
const catalog = { candidates: searchablesOf(registry.tools(), about), recordedOf, tools: 500 };
// The unseen servers' tools are searched among every tool recorded up to theirs: the 25 catalog
// servers and the 15 of servers-unseen.json (603 tools), the 10 of servers-unseen2.json too (801),
// and the 12 of servers-unseen3.json too (1,024).
const poolOf = (recordings: RecordedServer[][]) => {
  const all = new ToolRegistry();
  for (const s of recordings.flat()) all.setServerTools(s.server, s.tools);
  const names = new Map(all.tools().map((t) => [t.qualifiedName, `${t.server}/${t.tool.name}`]));
  return {
    candidates: searchablesOf(all.tools(), about),
    recordedOf: names,
    tools: all.tools().length,
  };
};
const pools = new Map<number, ReturnType<typeof poolOf>>();
const poolAsked = (set: Parameters<typeof recordingAsked>[0]) => {
  const upTo = recordingAsked(set);
  if (!pools.has(upTo)) pools.set(upTo, poolOf(allRecordings().slice(0, upTo + 1)));
  return pools.get(upTo)!;
};

/** Recall@5 of Lena's own search over one query set, with the misses. */
function recallOf(allQueries: ToolQuery[], { candidates, recordedOf, tools } = catalog) {
  const queries = QUICK ? allQueries.slice(0, 10) : allQueries;
  const misses: { query: string; expect: string; got: string[] }[] = [];
  // Loaded, or named among the next best (the model can load it by name with a second search).
  let named = 0;
  const hits = queries.map((q) => {
    const ranked = rankTools(q.query, candidates, 5 + NEARBY).map((group) =>
      recordedOf.get(group[0].name)!,
    );
    const got = ranked.slice(0, 5);
    if (ranked.includes(q.expect)) named++;
    if (!got.includes(q.expect)) misses.push({ query: q.query, expect: q.expect, got });
    return got.includes(q.expect);
  });
  const recall = (filter: (i: number) => boolean) => {
    const picked = hits.filter((_, i) => filter(i));
    return picked.filter(Boolean).length / picked.length;
  };
  return {
    all: recall(() => true),
    direct: recall((i) => !queries[i].paraphrase),
    paraphrases: recall((i) => queries[i].paraphrase === true),
    queries: queries.length,
    paraphraseCount: queries.filter((q) => q.paraphrase).length,
    loadedOrNamedAt15: named / queries.length,
    catalogTools: tools,
    misses,
  };
}

// The first set was committed before the search, but its synonym table was tuned after it. Each
// held-out set was written by an engineer who saw neither the search nor the other sets, and was
// an honest figure until a later round tuned the synonym table on its misses: the first seven
// were tuned on in session 4 (each measured once before); the eighth, committed before the table
// was frozen, never was. The ninth and tenth (session 5) have two queries for each of 156 tools,
// and paraphrases that mostly do not name the server: the ninth was measured once (0.756) and
// tuned on; the tenth and eleventh (written by other engineers) were measured once (0.872, 0.846)
// and tuned on in session 6 (the eighth round). The twelfth and thirteenth (session 6, written the
// same way) were measured once (0.856, 0.849) and tuned on in the tenth round; the fourteenth
// (0.865) in the eleventh. The sets on servers-unseen.json (servers no earlier round had looked at): the first
// two were measured once (0.689, 0.722) and tuned on in the ninth round, the third (0.806) in the
// tenth; the fourth (0.772) in the eleventh. The fifth and sixth ask for the tools of servers-unseen2.json, a
// third recording of servers and domains no round had seen, recorded and written after the tenth
// round was frozen; they were measured once (0.827, 0.716) and tuned on in the eleventh. That round (session 7: quoted
// text, "to-do", enum choices; general rules, no new words) looked at the misses of every set but
// the eighth, after the fifteenth held-out set, the seventh unseen set (servers-unseen2.json) and
// the eighth and ninth (servers-unseen3.json, a fourth recording of new domains) were committed;
// they were measured once (0.875, 0.821, 0.720, 0.747) and tuned on in the twelfth round (numbers
// as arguments; the everyday words of the unseen sets 5–9's domains). The sixteenth held-out set,
// the tenth unseen set (servers-unseen3.json) and the eleventh (servers-unseen2.json) were
// committed before that round; they and the eighth are the honest figures.
const ORDINAL = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
];
const NEVER_TUNED: readonly string[] = ['heldOut8', 'heldOut16', 'unseen10', 'unseen11'];
/** Every query set, with the key its figures and misses have in the JSON (recallAt5HeldOut2, missesHeldOut2…). */
const sets = [
  { key: '', label: 'first set (tuned after)', result: recallOf(toolQueries('first')) },
  ...(
    [
      'heldOut',
      'heldOut2',
      'heldOut3',
      'heldOut4',
      'heldOut5',
      'heldOut6',
      'heldOut7',
      'heldOut8',
      'heldOut9',
      'heldOut10',
      'heldOut11',
      'heldOut12',
      'heldOut13',
      'heldOut14',
      'heldOut15',
      'heldOut16',
    ] as const
  ).map((set, i) => ({
    key: `HeldOut${i === 0 ? '' : i + 1}`,
    label: `${ORDINAL[i]} held-out set (${NEVER_TUNED.includes(set) ? 'never tuned on' : 'tuned on'})`,
    result: recallOf(toolQueries(set)),
  })),
  ...(
    [
      'unseen1',
      'unseen2',
      'unseen3',
      'unseen4',
      'unseen5',
      'unseen6',
      'unseen7',
      'unseen8',
      'unseen9',
      'unseen10',
      'unseen11',
    ] as const
  ).map((set, i) => ({
    key: `Unseen${i + 1}`,
    label: `${ORDINAL[i]} set on unseen servers (${NEVER_TUNED.includes(set) ? 'never tuned on' : 'tuned on'})`,
    result: recallOf(toolQueries(set), poolAsked(set)),
  })),
];
// How long one search takes (as the chat runs it: the searchables built, then ranked) over the
// 1,024 tools, the first time their definitions are seen against the second: the ratio is what
// reusing the index's reading of each definition saves. Medians of five fresh registries.
function searchSpeed() {
  const recordings = allRecordings().flat();
  const timed = (registry: ToolRegistry) => {
    const start = performance.now();
    rankTools(
      'post a message to the team channel',
      searchablesOf(registry.tools(), about),
      5 + NEARBY,
    );
    return performance.now() - start;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < sized(5, 1); i++) {
    const registry = new ToolRegistry();
    for (const s of recordings) registry.setServerTools(s.server, s.tools);
    cold.push(timed(registry));
    warm.push(timed(registry));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    tools: recordings.reduce((n, s) => n + s.tools.length, 0),
    firstMs: median(cold),
    againMs: median(warm),
    againOverFirst: median(warm) / median(cold),
  };
}
const speed = searchSpeed();
const figures = ({ misses: _misses, ...rest }: ReturnType<typeof recallOf>) => rest;
const out = {
  sizes,
  ...Object.fromEntries(sets.map((s) => [`recallAt5${s.key}`, figures(s.result)])),
  searchSpeed: speed,
  goals: QUICK ? null : { ratio500: 0.1, recallAt5: 0.95 },
  ...Object.fromEntries(sets.map((s) => [`misses${s.key}`, s.result.misses])),
};
for (const s of sizes)
  process.stdout.write(
    `${String(s.tools).padStart(4)} tools: all ${String(s.withoutDeferral).padStart(7)} tok | native deferral ${String(s.nativeDeferral).padStart(5)} tok (${(s.nativeRatio * 100).toFixed(2)} %) | client ${String(s.clientDeferral).padStart(5)} tok (${(s.clientRatio * 100).toFixed(2)} %) | 20k budget ${s.defaultBudget20k.engaged ? 'engaged' : 'not engaged'}\n`,
  );
for (const { label, result: r } of sets) {
  process.stdout.write(
    `recall@5, ${label}, ${r.queries} queries, ${r.catalogTools} tools: ${r.all.toFixed(3)} (direct ${r.direct.toFixed(3)}, ${r.paraphraseCount} paraphrases ${r.paraphrases.toFixed(3)}); loaded or named (top 15) ${r.loadedOrNamedAt15.toFixed(3)}\n`,
  );
  for (const m of r.misses)
    process.stdout.write(`  miss: "${m.query}" → want ${m.expect}, got ${m.got.join(', ')}\n`);
}
process.stdout.write(
  `one search over ${speed.tools} tools: ${speed.firstMs.toFixed(1)} ms the first time, ${speed.againMs.toFixed(1)} ms again (${(speed.againOverFirst * 100).toFixed(0)} %)\n`,
);
writeBenchReport('tool-search', out);
