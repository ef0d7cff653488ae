// The skills service: one face for the window, the command line and the chat engine. It finds the
// skills in the configured folders (and an approved project's), says each one's state, and keeps
// the user's switches and project approvals.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { readJsonFileOrSetAsideSync, writeJsonFile } from '../base/json-file';
import type { LenaPaths } from '../home';
import { SkillApprovals } from './approvals';
import {
  defaultSkillFolders,
  discoverSkills,
  projectSkillFolders,
  type FoundSkill,
  type SkillOrigin,
  type SkillSource,
} from './discover';
import type { SkillChange } from './approvals';
import type { SkillFile } from './skill-files';

export type SkillState = 'enabled' | 'disabled' | 'needs-approval' | 'invalid' | 'duplicate';

/** A skill as the user sees it. */
export interface SkillView {
  name: string;
  origin: SkillOrigin;
  folder: string;
  state: SkillState;
  /** Why it is invalid, or which folder's skill of this name is used. */
  reason?: string;
  description?: string;
  body?: string;
  warnings: string[];
  files: SkillFile[];
  duplicates: string[];
  /** For a project skill changed since its approval: what changed. */
  change?: SkillChange;
  /** The skill's `allowed-tools`: a suggestion the user may turn into rules, never applied. */
  allowedTools?: string[];
}

export interface SkillsOptions {
  /** The user's skill folders, in order of precedence (or how to read them now, from settings). */
  folders: readonly string[] | (() => readonly string[]);
  approvals: SkillApprovals;
  /** The open project folder (or how to find it now); its skills still wait for approval one by one. */
  project?: string | (() => string | null | undefined);
  /** Names the user switched off. */
  disabled?: Iterable<string>;
  /** Where the switches are kept (`skills.json` in Lena's home); absent = this process only. */
  switchesFile?: string;
}

const realpath = (path: string): string => {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
};

/** The names switched off in `file`; a file that is not JSON is set aside (base/json-file.ts). */
function readSwitches(file: string): string[] {
  const { value } = readJsonFileOrSetAsideSync(file);
  const list = (value as { disabled?: unknown } | undefined)?.disabled;
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
}

export class SkillsService {
  private readonly disabled: Set<string>;

  constructor(private readonly options: SkillsOptions) {
    this.disabled = new Set(options.disabled ?? []);
    if (options.switchesFile) {
      const saved = readSwitches(options.switchesFile);
      for (const name of saved) this.disabled.add(name);
    }
  }

  private get project(): string | undefined {
    const p = this.options.project;
    const folder = typeof p === 'function' ? p() : p;
    return folder ? realpath(folder) : undefined;
  }

  private sources(): SkillSource[] {
    const f = this.options.folders;
    const user = (typeof f === 'function' ? f() : f).map((folder) => ({
      folder,
      origin: 'user' as const,
    }));
    const project = this.project
      ? projectSkillFolders(this.project).map((folder) => ({ folder, origin: 'project' as const }))
      : [];
    return [...user, ...project];
  }

  /** Every skill found, with its state. */
  async list(): Promise<SkillView[]> {
    const found = discoverSkills(this.sources(), this.project);
    const views: SkillView[] = [];
    for (const skill of found) views.push(await this.view(skill, found));
    return views;
  }

  /** The skills the model may use, in catalog order. */
  async enabled(): Promise<{ view: SkillView; skill: FoundSkill }[]> {
    const found = discoverSkills(this.sources(), this.project);
    const out: { view: SkillView; skill: FoundSkill }[] = [];
    for (const skill of found) {
      const view = await this.view(skill, found);
      if (view.state === 'enabled') out.push({ view, skill });
    }
    return out;
  }

  /** The skill called `name` that is in use (first found, valid), or undefined. */
  async find(name: string): Promise<FoundSkill | undefined> {
    return discoverSkills(this.sources(), this.project).find(
      (s) => s.name === name && !s.invalid && !s.shadowed,
    );
  }

  /** Switches a skill for every conversation; kept in the switches file when there is one. */
  async setEnabled(name: string, on: boolean): Promise<void> {
    if (on) this.disabled.delete(name);
    else this.disabled.add(name);
    if (this.options.switchesFile)
      await writeJsonFile(this.options.switchesFile, { disabled: [...this.disabled].sort() });
  }

  /** Approves the project skill `name` as its files are now. */
  async approve(name: string): Promise<void> {
    const skill = (await this.find(name)) ?? undefined;
    if (!this.project || !skill || skill.source.origin !== 'project')
      throw new Error(`No project skill named "${name}" waits for approval`);
    await this.options.approvals.approve(this.project, skill);
  }

  private async view(skill: FoundSkill, all: readonly FoundSkill[]): Promise<SkillView> {
    const base: SkillView = {
      name: skill.name,
      origin: skill.source.origin,
      folder: skill.folder,
      state: 'enabled',
      warnings: skill.warnings,
      files: skill.files,
      duplicates: skill.duplicates,
      ...(skill.front ? { description: skill.front.description, body: skill.body } : {}),
      ...(skill.front?.allowedTools ? { allowedTools: skill.front.allowedTools } : {}),
    };
    if (skill.invalid) return { ...base, state: 'invalid', reason: skill.invalid };
    if (skill.shadowed) {
      const used = all.find((s) => s.name === skill.name && !s.invalid && !s.shadowed);
      return {
        ...base,
        state: 'duplicate',
        reason: `the skill of this name in ${used?.folder} is used`,
      };
    }
    if (skill.source.origin === 'project' && this.project) {
      const status = await this.options.approvals.status(this.project, skill);
      if (status.state === 'needs-approval')
        return {
          ...base,
          state: 'needs-approval',
          ...(status.change ? { change: status.change } : {}),
        };
    }
    if (this.disabled.has(skill.name)) return { ...base, state: 'disabled' };
    return base;
  }
}

/**
 * The service over the default folders of this home (`HOME` from `env`, so a test's home is
 * used) and the open project's folders; its skills still wait for approval one by one.
 */
export function skillsForHome(
  paths: LenaPaths,
  project?: SkillsOptions['project'] | null,
  env: NodeJS.ProcessEnv = process.env,
  /** The `skillFolders` setting; null or absent = the default folders. */
  configured: () => readonly string[] | null = () => null,
): SkillsService {
  const userDir = env.HOME || homedir();
  const defaults = defaultSkillFolders(paths.skills, userDir);
  const expand = (folder: string) => folder.replace(/^~(?=$|\/)/, userDir);
  return new SkillsService({
    folders: () => configured()?.map(expand) ?? defaults,
    approvals: new SkillApprovals(paths.skillApprovals),
    switchesFile: paths.skillSwitches,
    ...(project ? { project } : {}),
  });
}
