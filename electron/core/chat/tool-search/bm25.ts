// BM25 over tool definitions, for Lena's own tool search (endpoints without Anthropic's). Each
// tool is one document of weighted fields — its name (×3), title (×2), argument names (×2),
// description (×1), argument descriptions and choices, and what the server's entry launches (×½)
// — so a query word found in a name counts more than one in prose, and a tool whose own name the
// query covers counts up to 1.3× more. Each server is scored as one document too (its name and all
// its tools' text), and lifts its tools: "github search code" favours github's tools.
// Words are split at case changes and punctuation (browser_take_screenshot, getFileInfo; a
// camelCase word also stays whole), lowercased and lightly stemmed. In the query, a URL counts as
// the word url, an email address as email and a path as path (their parts are arguments), quoted
// text a quarter (it is what the tool is given), a number not at all, "to-do" as todo, and each
// word written whole is widened with a fixed table of everyday words → the words tool authors use
// (synonyms.ts). No library: the ranker is a page of code.
// Figures on the query sets never tuned on (test/bench/tool-search.bench.ts): queries in a
// model's words ("github search code", 377 among 500 tools) find the right tool first for 95.8 %
// and in the five loaded for all. Users' sentences (312 among the same tools) are in the five for
// 98.7 % when they use the tool's words and 75 % as paraphrases that avoid them (first: 87 % and
// 42 %); those on other recorded servers (among 801 and 1,024 tools), 100 % and 52–58 %.

import { SYNONYMS } from './synonyms';

export interface SearchDocument {
  name: string;
  title?: string;
  description?: string;
  argNames?: string[];
  /** Descriptions of the arguments: weak evidence, counted at half weight. */
  argText?: string;
  /** What the user's configuration calls the tool's server (its package, its host), at half weight. */
  serverText?: string;
  /** Its server: the tools of one server are scored together too, so a request in a server's words lifts all its tools. */
  server?: string;
  /** The same object for the same tool definition lets the index reuse its analysis of the text. */
  key?: object;
}

export interface Bm25Hit {
  name: string;
  score: number;
}

// BM25's term saturation: a word repeated in a tool's text counts less and less after the first.
const K1 = 1.6;
/** How much a tool counts more when the query covers its own name's words (all of them: ×1.3). */
const NAME_COVERAGE = 0.3;
const B = 0.75;
/**
 * How much a tool's server counts: each server is also one document (all its tools' names, titles
 * and descriptions), and a tool gets this many points times its server's score relative to the
 * best server's. "Every person and connection you stored" names no memory tool's words, but its
 * server's (entities, relations).
 */
const SERVER_WEIGHT = 3;

/** How much a word inside quotes counts (an argument's words, not the request's). */
const QUOTED_WEIGHT = 0.25;

const STOP = new Set(
  'a an and are as at be by can do for from how i in into is it its me my of on or our please some that the this to up us we what when which who why will with you your all any'.split(
    ' ',
  ),
);

/** Everyday words → the words tool authors use, added to a query at full weight. One direction
 * only: a tool author's word is not widened back to everyday words, which ranks worse. */
const SYNONYM_WEIGHT = 1;

export function stem(word: string): string {
  // An adverb is its adjective: "intermittently" is intermittent.
  if (word.length > 6 && word.endsWith('ly')) word = word.slice(0, -2);
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word))
    return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words of a text: camelCase (also kept whole) and snake_case split, lowercased, stop words out. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/[^A-Za-z0-9]+/)) {
    const parts = token
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(' ');
    out.push(...parts);
    // A camelCase word is also itself: "GitHub" is github (as a server or tool writes it
    // lowercase), not only git + hub; "MongoDB" is mongodb.
    if (parts.length > 1) out.push(token.toLowerCase());
  }
  return out.filter((w) => w.length > 1 && !STOP.has(w));
}

/** The query's terms with their weights: its words, their synonyms, and two neighbours written as one where the tools have that word. */
function queryTerms(query: string, known: ReadonlyMap<string, number>): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (w: string, weight: number) =>
    terms.set(stem(w), Math.max(terms.get(stem(w)) ?? 0, weight));
  // A compound whose first part is a stop word or a letter or two is one word: "to-do" is todo
  // (both halves are stop words, so it would vanish), "e-mail" email, "re-run" rerun.
  const joined = query.replace(
    /\b([A-Za-z]{1,3})-([A-Za-z]{2,})\b/g,
    (whole, a: string, b: string) => (a.length <= 2 || STOP.has(a.toLowerCase()) ? a + b : whole),
  );
  // Quoted text is what the tool is given, not what it does: the message to send, the title to
  // set ("post 'We look forward to meeting you'" is not a request to go forward or to meet). Its
  // words count a quarter, without synonyms. An apostrophe inside a word (I'd, server's) opens no quote.
  const quoted: string[] = [];
  const unquoted = joined.replace(
    /"([^"]+)"|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019|(?<![A-Za-z0-9])'([^']+)'(?![A-Za-z0-9])/g,
    (_m, ...texts: (string | undefined)[]) => {
      quoted.push(texts.slice(0, 4).find((t) => t !== undefined) ?? '');
      return ' ';
    },
  );
  // A URL, an email address or a path in the request is an argument, not what the tool does:
  // "https", "com" and a file's name would match every tool whose description carries links. It
  // counts as url, email or path.
  const plain = unquoted
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' url ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' email ')
    .replace(/(^|\s)(~|\.{1,2})?\/[\w./*-]+/g, '$1 path ');
  // A number is an argument too (a phone number, an amount, an id): "212" or "2010" in a tool's
  // text is no sign it fits.
  const parts = words(plain).filter((w) => !/^\d+$/.test(w));
  // Only a word the user wrote whole is widened: "execute" split from "ExecuteAutomation" is part
  // of a name, not a request to run something.
  const whole = new Set(plain.split(/[^A-Za-z0-9]+/).map((t) => t.toLowerCase()));
  for (const w of parts) {
    add(w, 1);
    if (!whole.has(w)) continue;
    for (const s of SYNONYMS[w] ?? SYNONYMS[stem(w)] ?? []) add(s, SYNONYM_WEIGHT);
  }
  for (const w of words(quoted.join(' ')))
    if (!terms.has(stem(w))) terms.set(stem(w), QUOTED_WEIGHT);
  // Two words a user wrote apart that the tools write as one ("Browser MCP", "Git Hub") count as that word too.
  for (let i = 1; i < parts.length; i++) {
    const joined = stem(parts[i - 1] + parts[i]);
    if (known.has(joined) && !terms.has(joined)) terms.set(joined, 1);
  }
  return terms;
}

/** One document as the ranker sees it. */
interface Entry {
  name: string;
  tf: Map<string, number>;
  length: number;
  /** Its own name's terms, without the mcp__server__ prefix. */
  nameTerms: Set<string>;
  server?: string;
}

/** What a tool's text yields: its entry, and its share of its server's document (own name, title, description, each word once). */
interface Analysed {
  source: SearchDocument;
  entry: Entry;
  serverTf: Map<string, number>;
}

/**
 * Analyses by tool definition (`SearchDocument.key`). Splitting and stemming 1,000 tools' text
 * takes about 150 ms, ranking them a few: without this, each search paid for the whole catalog
 * again. An entry whose text changed is analysed again; one whose definition is gone is collected.
 */
const analysed = new WeakMap<object, Analysed>();

function sameText(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.name === b.name &&
    a.title === b.title &&
    a.description === b.description &&
    a.argText === b.argText &&
    a.serverText === b.serverText &&
    a.server === b.server &&
    (a.argNames ?? []).join('\u0000') === (b.argNames ?? []).join('\u0000')
  );
}

function addWords(tf: Map<string, number>, text: string | undefined, weight: number): void {
  for (const w of words(text ?? '')) tf.set(stem(w), (tf.get(stem(w)) ?? 0) + weight);
}

function lengthOf(tf: ReadonlyMap<string, number>): number {
  let length = 0;
  for (const n of tf.values()) length += n;
  return length;
}

/** The own name's terms: what the tool is, in its author's words. */
function nameTermsOf(own: string): Set<string> {
  return new Set(
    words(own)
      .map(stem)
      .filter((t) => t !== 'mcp'),
  );
}

function analyse(d: SearchDocument): Analysed {
  const cached = d.key ? analysed.get(d.key) : undefined;
  if (cached && sameText(cached.source, d)) return cached;
  const tf = new Map<string, number>();
  addWords(tf, d.name, 3);
  addWords(tf, d.title, 2);
  addWords(tf, (d.argNames ?? []).join(' '), 2);
  addWords(tf, d.description, 1);
  addWords(tf, d.argText, 0.5);
  addWords(tf, d.serverText, 0.5);
  const own = d.name.replace(/^mcp__.*?__/, '');
  const serverTf = new Map<string, number>();
  for (const text of [own, d.title, d.description]) addWords(serverTf, text, 1);
  const result: Analysed = {
    source: d,
    entry: {
      name: d.name,
      tf,
      length: lengthOf(tf),
      nameTerms: nameTermsOf(own),
      server: d.server,
    },
    serverTf,
  };
  if (d.key) analysed.set(d.key, result);
  return result;
}

/** BM25 over entries whose terms are already counted. */
class Ranker {
  readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(private readonly entries: readonly Entry[]) {
    for (const e of entries)
      for (const term of e.tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    this.avgLength = entries.reduce((n, e) => n + e.length, 0) / Math.max(1, entries.length);
  }

  /** Every entry that shares a term with the query (or has a bonus), best first. */
  score(terms: ReadonlyMap<string, number>, bonus?: (e: Entry) => number): Bm25Hit[] {
    const n = this.entries.length;
    const hits: Bm25Hit[] = [];
    for (const e of this.entries) {
      let score = 0;
      for (const [term, weight] of terms) {
        const f = e.tf.get(term);
        if (!f) continue;
        const df = this.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score +=
          weight * idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * e.length) / this.avgLength)));
      }
      if (score > 0 && e.nameTerms.size > 0) {
        let covered = 0;
        for (const t of e.nameTerms) covered += terms.get(t) ?? 0;
        score *= 1 + NAME_COVERAGE * (covered / e.nameTerms.size);
      }
      score += bonus?.(e) ?? 0;
      if (score > 0) hits.push({ name: e.name, score });
    }
    return hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
  }
}

export class Bm25Index {
  private readonly tools: Ranker;
  /** Each server as one document: its name (×3) and all its tools' names, titles and descriptions. */
  private readonly servers: Ranker | undefined;

  constructor(documents: readonly SearchDocument[]) {
    const all = documents.map(analyse);
    this.tools = new Ranker(all.map((a) => a.entry));
    const serverTf = new Map<string, Map<string, number>>();
    for (const a of all) {
      if (!a.entry.server) continue;
      let tf = serverTf.get(a.entry.server);
      if (!tf) {
        tf = new Map();
        addWords(tf, a.entry.server, 3);
        serverTf.set(a.entry.server, tf);
      }
      for (const [term, n] of a.serverTf) tf.set(term, (tf.get(term) ?? 0) + n);
    }
    this.servers =
      serverTf.size > 1
        ? new Ranker(
            [...serverTf].map(([name, tf]) => ({
              name,
              tf,
              length: lengthOf(tf),
              nameTerms: nameTermsOf(name),
            })),
          )
        : undefined;
  }

  search(query: string, limit = 5): Bm25Hit[] {
    const terms = queryTerms(query, this.tools.df);
    const serverHits = this.servers?.score(terms) ?? [];
    const serverScore = new Map(serverHits.map((h) => [h.name, h.score / serverHits[0].score]));
    return this.tools
      .score(terms, (e) => (e.server ? SERVER_WEIGHT * (serverScore.get(e.server) ?? 0) : 0))
      .slice(0, limit);
  }
}
