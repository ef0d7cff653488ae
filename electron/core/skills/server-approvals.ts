// The user's approvals of servers' skills, keyed by (server identity, skill URI), never by name.
// An approval keeps the entry as approved: its set of {uri, digest} is what the approval is bound
// to, and every later read is verified against it, so a file the server changed, added or removed
// is refused until the user approves the skill again. Kept in Lena's home.
import { readJsonFile, writeJsonFile } from '../base/json-file';
import { digestSetHash, type SkillEntry } from '../mcp/skills/entry';

interface ServerSkillApproval {
  hash: string;
  at: string;
  entry: SkillEntry;
}

type ApprovalFile = { servers: Record<string, Record<string, ServerSkillApproval>> };

const isApproval = (v: unknown): v is ServerSkillApproval =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as ServerSkillApproval).hash === 'string' &&
  !!(v as ServerSkillApproval).entry &&
  Array.isArray((v as ServerSkillApproval).entry.resources);

/** What changed in a skill since its approval: the URIs added, removed or changed. */
export function changedFiles(approved: SkillEntry, now: SkillEntry): string[] {
  const before = new Map(approved.resources.map((r) => [r.uri, r.digest]));
  const after = new Map(now.resources.map((r) => [r.uri, r.digest]));
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((uri) => before.get(uri) !== after.get(uri))
    .sort();
}

/** Approvals of servers' skills; `path` undefined keeps them in memory only. */
export class ServerSkillApprovals {
  private data: ApprovalFile = { servers: {} };

  constructor(private readonly path?: string) {}

  private async load(): Promise<void> {
    if (!this.path) return;
    const raw = (await readJsonFile(this.path)) as Partial<ApprovalFile> | undefined;
    const servers: ApprovalFile['servers'] = {};
    for (const [identity, skills] of Object.entries(raw?.servers ?? {})) {
      servers[identity] = {};
      for (const [uri, rec] of Object.entries(skills ?? {}))
        if (isApproval(rec)) servers[identity][uri] = rec;
    }
    this.data = { servers };
  }

  /** The entry the user approved for (identity, uri), or undefined. */
  async approved(identity: string, uri: string): Promise<SkillEntry | undefined> {
    await this.load();
    return this.data.servers[identity]?.[uri]?.entry;
  }

  /** Approves the skill as its entry is now: bound to the entry's set of {uri, digest}. */
  async approve(identity: string, entry: SkillEntry, now = new Date()): Promise<void> {
    await this.load();
    const skills = (this.data.servers[identity] ??= {});
    skills[entry.uri] = { hash: digestSetHash(entry), at: now.toISOString(), entry };
    if (this.path) await writeJsonFile(this.path, this.data);
  }
}
