// agents.json in Lena's home: `{"agents": {NAME: {"url", "headers"}}}`, user scope only. Read
// whole and checked entry by entry (a bad entry is reported, the others stay usable); written
// under the file's lock, so the window and `lena agents add` never lose each other's edits.
import { AGENT_NAME, type AgentEntry } from '../../../shared/a2a';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { readJsonFile, writeJsonFile } from '../base/json-file';
import { withLockedFile } from '../base/locked-file';

export interface AgentsFile {
  agents: Record<string, AgentEntry>;
}

/** One entry as read: the entry, or why it cannot be used. */
export type ReadEntry =
  { name: string; ok: true; entry: AgentEntry } | { name: string; ok: false; problem: string };

/** Why a name cannot name an agent, or null. */
export function nameProblem(name: string): string | null {
  return AGENT_NAME.test(name)
    ? null
    : `"${name}" is not an agent name: use 1 to 48 lowercase letters, digits and dashes (the tool Claude sees is a2a__NAME)`;
}

/** Why a URL cannot be an agent's base URL, or null; `${VAR}` inside is fine (expanded on use). */
export function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\$\{[^}]*\}/g, 'x'));
  } catch {
    return `"${url}" is not a URL; give the agent's base address, like https://agent.example.com`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return `"${url}" is not an http(s) address; A2A agents are reached over HTTP`;
  return null;
}

/** Checks one entry as found in the file. */
export function checkEntry(name: string, value: unknown): ReadEntry {
  const problem = nameProblem(name);
  if (problem) return { name, ok: false, problem };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { name, ok: false, problem: `agent "${name}" must be an object with "url"` };
  const v = value as Record<string, unknown>;
  if (typeof v.url !== 'string')
    return { name, ok: false, problem: `agent "${name}" has no "url" string` };
  const bad = urlProblem(v.url);
  if (bad) return { name, ok: false, problem: bad };
  const headers: Record<string, string> = {};
  if (v.headers !== undefined) {
    if (v.headers === null || typeof v.headers !== 'object' || Array.isArray(v.headers))
      return {
        name,
        ok: false,
        problem: `agent "${name}": "headers" must be an object of strings`,
      };
    for (const [k, h] of Object.entries(v.headers)) {
      if (typeof h !== 'string')
        return { name, ok: false, problem: `agent "${name}": header "${k}" must be a string` };
      headers[k] = h;
    }
  }
  if (v.enabled !== undefined && typeof v.enabled !== 'boolean')
    return { name, ok: false, problem: `agent "${name}": "enabled" must be true or false` };
  const oauth = v.oauth as { clientId?: unknown } | undefined;
  if (
    oauth !== undefined &&
    (oauth === null ||
      typeof oauth !== 'object' ||
      Array.isArray(oauth) ||
      (oauth.clientId !== undefined && (typeof oauth.clientId !== 'string' || !oauth.clientId)))
  )
    return {
      name,
      ok: false,
      problem: `agent "${name}": "oauth" must be {"clientId": "…"}`,
    };
  return {
    name,
    ok: true,
    entry: {
      url: v.url,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(v.enabled === false ? { enabled: false } : {}),
      ...(typeof oauth?.clientId === 'string' ? { oauth: { clientId: oauth.clientId } } : {}),
    },
  };
}

async function readRaw(file: string): Promise<Record<string, unknown>> {
  const raw = await readJsonFile(file);
  if (raw === undefined) return {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new LenaError(
      ERROR_CODE.invalidConfig,
      `${file} must hold {"agents": {…}}; fix or remove the file.`,
    );
  const agents = (raw as { agents?: unknown }).agents ?? {};
  if (agents === null || typeof agents !== 'object' || Array.isArray(agents))
    throw new LenaError(
      ERROR_CODE.invalidConfig,
      `${file}: "agents" must be an object of NAME: {"url": …}; fix or remove the file.`,
    );
  return agents as Record<string, unknown>;
}

/** Every entry of the file, each checked; a missing file has none. */
export async function readAgents(file: string): Promise<ReadEntry[]> {
  const raw = await readRaw(file);
  return Object.entries(raw).map(([name, value]) => checkEntry(name, value));
}

/** Adds (or with `replace`, replaces) one agent. */
export function addAgent(
  file: string,
  name: string,
  entry: AgentEntry,
  options: { replace?: boolean } = {},
): Promise<void> {
  const problem = nameProblem(name) ?? urlProblem(entry.url);
  if (problem) return Promise.reject(new LenaError(ERROR_CODE.invalidArguments, problem));
  return withLockedFile(file, async () => {
    const agents = await readRaw(file);
    if (name in agents && !options.replace)
      throw new LenaError(
        ERROR_CODE.conflict,
        `An agent named "${name}" already exists; remove it first (lena agents remove ${name}) or choose another name.`,
      );
    agents[name] = entry;
    await writeJsonFile(file, { agents });
  });
}

/** Removes one agent; not-found when there is none by that name. */
export function removeAgent(file: string, name: string): Promise<void> {
  return withLockedFile(file, async () => {
    const agents = await readRaw(file);
    if (!(name in agents))
      throw new LenaError(
        ERROR_CODE.notFound,
        `No agent named "${name}". Agents: ${Object.keys(agents).join(', ') || '(none)'}.`,
      );
    delete agents[name];
    await writeJsonFile(file, { agents });
  });
}
