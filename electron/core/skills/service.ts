// The skills service: one face for the window, the command line and the chat engine. It finds the
// skills in the configured folders (and an approved project's), says each one's state, and keeps
// the user's switches and project approvals.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { ERROR_CODE, LenaError } from '../../../shared/result';
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
import type { SkillEntry } from '../mcp/skills/entry';
import { changedFiles, ServerSkillApprovals } from './server-approvals';
import {
  bodyOf,
  entryFiles,
  listServerSkills,
  type ServerSkill,
  type ServerSkillSource,
} from './server-skills';
import type { SkillFile } from './skill-files';

export type SkillState = 'enabled' | 'disabled' | 'needs-approval' | 'invalid' | 'duplicate';

/** A skill as the user sees it. */
export interface SkillView {
  name: string;
  origin: SkillOrigin | 'server';
  /** The skill's folder, or for a server's skill the URI of its SKILL.md. */
  folder: string;
  /** The label of the server a skill comes from (origin `server`). */
  server?: string;
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
  /** The connected servers to list skills from (Skills over MCP); none when absent. */
  servers?: () => readonly ServerSkillSource[];
  /** Approvals of servers' skills (in memory when absent). */
  serverApprovals?: ServerSkillApprovals;
}

/** A server's skill the model may use: its listing and the entry the user approved. */
export interface UsableServerSkill extends ServerSkill {
  approved: SkillEntry;
}

/** An enabled skill: a folder's (`skill`) or a server's (`server`). */
export type EnabledSkill =
  | { view: SkillView; skill: FoundSkill; server?: undefined }
  | { view: SkillView; server: UsableServerSkill; skill?: undefined };

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

/** A server's skill is switched by its identity and URI, never by its name. */
const switchKey = (s: { identity: string; uri: string }): string => `mcp ${s.identity} ${s.uri}`;

/** A front matter's `allowed-tools` (a space-separated string or a list), as entries. */
const allowedToolsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    : typeof value === 'string'
      ? value.split(/\s+/).filter(Boolean)
      : [];

export class SkillsService {
  private readonly disabled: Set<string>;
  private readonly serverApprovals: ServerSkillApprovals;

  constructor(private readonly options: SkillsOptions) {
    this.disabled = new Set(options.disabled ?? []);
    this.serverApprovals = options.serverApprovals ?? new ServerSkillApprovals();
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

  /** Every skill found, with its state: the folders' first, then the servers'. */
  async list(): Promise<SkillView[]> {
    const found = discoverSkills(this.sources(), this.project);
    const views: SkillView[] = [];
    for (const skill of found) views.push(await this.view(skill, found));
    for (const { view } of await this.serverViews()) views.push(view);
    return views;
  }

  /** The skills the model may use, in catalog order. */
  async enabled(): Promise<EnabledSkill[]> {
    const found = discoverSkills(this.sources(), this.project);
    const out: EnabledSkill[] = [];
    for (const skill of found) {
      const view = await this.view(skill, found);
      if (view.state === 'enabled') out.push({ view, skill });
    }
    for (const { view, server, approved } of await this.serverViews())
      if (view.state === 'enabled' && approved) out.push({ view, server: { ...server, approved } });
    return out;
  }

  /** The servers' skills, listed now (entries only: no file is read), each with its state. */
  private async serverViews(): Promise<
    { view: SkillView; server: ServerSkill; approved?: SkillEntry }[]
  > {
    const sources = this.options.servers?.() ?? [];
    if (sources.length === 0) return [];
    const out: { view: SkillView; server: ServerSkill; approved?: SkillEntry }[] = [];
    for (const server of await listServerSkills(sources)) {
      const base: SkillView = {
        name: server.name,
        origin: 'server',
        server: server.server,
        folder: server.uri,
        state: 'enabled',
        warnings: [],
        files: [],
        duplicates: [],
      };
      if (!server.checked.ok) {
        out.push({ server, view: { ...base, state: 'invalid', reason: server.checked.reason } });
        continue;
      }
      const { entry } = server.checked;
      const allowed = allowedToolsOf(entry.frontmatter['allowed-tools']);
      const view: SkillView = {
        ...base,
        description: entry.frontmatter.description,
        files: entryFiles(entry),
        ...(allowed.length ? { allowedTools: allowed } : {}),
      };
      const approved = await this.serverApprovals.approved(server.identity, entry.uri);
      if (!approved || changedFiles(approved, entry).length > 0) {
        out.push({
          server,
          view: {
            ...view,
            state: 'needs-approval',
            ...(approved
              ? { change: { skillMdDiff: [], changedFiles: changedFiles(approved, entry) } }
              : {}),
          },
        });
        continue;
      }
      out.push({
        server,
        approved,
        view: this.disabled.has(switchKey(server)) ? { ...view, state: 'disabled' } : view,
      });
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
    const server = name.includes(':')
      ? (await this.serverViews()).find((s) => s.view.name === name)?.server
      : undefined;
    const key = server ? switchKey(server) : name;
    if (on) this.disabled.delete(key);
    else this.disabled.add(key);
    if (this.options.switchesFile)
      await writeJsonFile(this.options.switchesFile, { disabled: [...this.disabled].sort() });
  }

  /**
   * Approves a server's skill (`server:path`) as its entry is listed now, bound to its set of
   * {uri, digest}: the user saw this set, and a change to it is asked about again.
   */
  async approveServerSkill(name: string): Promise<void> {
    const found = (await this.serverViews()).find((s) => s.view.name === name);
    if (!found || !found.server.checked.ok || found.view.state !== 'needs-approval')
      throw new Error(`No server skill named "${name}" waits for approval`);
    await this.serverApprovals.approve(found.server.identity, found.server.checked.entry);
  }

  /**
   * A server's skill's SKILL.md body for the user to read: read now from its server and verified
   * against its entry as listed (SkillVerificationError on a mismatch).
   */
  async serverSkillBody(name: string): Promise<string> {
    const found = (await this.serverViews()).find((s) => s.view.name === name);
    if (!found || !found.server.checked.ok)
      throw new LenaError(ERROR_CODE.notFound, `No usable server skill named "${name}".`);
    const { skillMd } = await found.server.client.load(found.server.checked.entry);
    return bodyOf(skillMd);
  }

  /** Approves the project skill `name` as its files are now. */
  async approve(name: string): Promise<void> {
    if (name.includes(':')) return this.approveServerSkill(name);
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
  /** The connected servers whose skills join the folders' (Skills over MCP). */
  servers?: () => readonly ServerSkillSource[],
): SkillsService {
  const userDir = env.HOME || homedir();
  const defaults = defaultSkillFolders(paths.skills, userDir);
  const expand = (folder: string) => folder.replace(/^~(?=$|\/)/, userDir);
  return new SkillsService({
    folders: () => configured()?.map(expand) ?? defaults,
    approvals: new SkillApprovals(paths.skillApprovals),
    switchesFile: paths.skillSwitches,
    serverApprovals: new ServerSkillApprovals(paths.serverSkillApprovals),
    ...(servers ? { servers } : {}),
    ...(project ? { project } : {}),
  });
}
