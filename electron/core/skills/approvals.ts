// A project's skills are untrusted input like its .mcp.json: each appears only after the user
// approved it, and the approval is bound to the hash of the skill's files. When a file changes,
// asking again shows the SKILL.md diff and names the other changed files. Approvals live in
// Lena's home, per project folder, so nothing in the project can approve itself.
import { readJsonFile, writeJsonFile } from '../base/json-file';
import { lineDiff } from './line-diff';
import type { FoundSkill } from './discover';

interface SkillApproval {
  hash: string;
  at: string;
  /** SKILL.md as approved, for the diff when it changes. */
  skillMd: string;
  files: Record<string, string>;
}

type ApprovalFile = { projects: Record<string, Record<string, SkillApproval>> };

/** What changed since the approval (undefined for a skill never approved). */
export interface SkillChange {
  /** Unified lines of the SKILL.md diff; empty when SKILL.md did not change. */
  skillMdDiff: string[];
  /** Other files added, removed or changed. */
  changedFiles: string[];
}

export type SkillApprovalStatus =
  { state: 'approved' } | { state: 'needs-approval'; change?: SkillChange };

const isApproval = (v: unknown): v is SkillApproval =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SkillApproval).hash === 'string' &&
  typeof (v as SkillApproval).skillMd === 'string' &&
  typeof (v as SkillApproval).files === 'object';

/** The user's approvals of project skills; `path` undefined keeps them in memory only. */
export class SkillApprovals {
  private data: ApprovalFile = { projects: {} };

  constructor(private readonly path?: string) {}

  private async load(): Promise<void> {
    if (!this.path) return;
    const raw = (await readJsonFile(this.path)) as Partial<ApprovalFile> | undefined;
    const projects: ApprovalFile['projects'] = {};
    for (const [key, skills] of Object.entries(raw?.projects ?? {})) {
      projects[key] = {};
      for (const [name, rec] of Object.entries(skills ?? {}))
        if (isApproval(rec)) projects[key][name] = rec;
    }
    this.data = { projects };
  }

  async status(project: string, skill: FoundSkill): Promise<SkillApprovalStatus> {
    await this.load();
    const rec = this.data.projects[project]?.[skill.name];
    if (!rec) return { state: 'needs-approval' };
    if (rec.hash === skill.hash) return { state: 'approved' };
    const changedFiles = [...new Set([...Object.keys(rec.files), ...Object.keys(skill.fileHashes)])]
      .filter((f) => f !== 'SKILL.md' && rec.files[f] !== skill.fileHashes[f])
      .sort();
    const skillMdDiff =
      rec.skillMd === (skill.skillMd ?? '') ? [] : lineDiff(rec.skillMd, skill.skillMd ?? '');
    return { state: 'needs-approval', change: { skillMdDiff, changedFiles } };
  }

  /** Approves the skill as it is now (bound to its hash). */
  async approve(project: string, skill: FoundSkill, now = new Date()): Promise<void> {
    await this.load();
    const skills = (this.data.projects[project] ??= {});
    skills[skill.name] = {
      hash: skill.hash,
      at: now.toISOString(),
      skillMd: skill.skillMd ?? '',
      files: skill.fileHashes,
    };
    if (this.path) await writeJsonFile(this.path, this.data);
  }

  async revoke(project: string, name: string): Promise<void> {
    await this.load();
    delete this.data.projects[project]?.[name];
    if (this.path) await writeJsonFile(this.path, this.data);
  }
}
