// Where skills come from: the user's folders (by default ~/.claude/skills, ~/.agents/skills and
// <Lena's home>/skills) and, for a project folder, its .claude/skills and .agents/skills. Each
// skill is a folder with a SKILL.md; a folder without one may group skills one level deeper. A
// name found in two folders is reported as a duplicate on both; the first folder's is the one used.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { parseSkillMd, type SkillFrontMatter } from './front-matter';
import { isInside, listSkillFiles, skillHash, type SkillFile } from './skill-files';

export type SkillOrigin = 'user' | 'project';

export interface SkillSource {
  folder: string;
  origin: SkillOrigin;
}

/** A skill folder as found, valid or not. */
export interface FoundSkill {
  /** The front matter's name, or the folder's name when the skill is invalid. */
  name: string;
  folder: string;
  source: SkillSource;
  /** Set when the skill is valid. */
  front?: SkillFrontMatter;
  body?: string;
  /** Why the skill cannot be used. */
  invalid?: string;
  warnings: string[];
  files: SkillFile[];
  /** SKILL.md as read (for the re-approval diff); absent when it was not read. */
  skillMd?: string;
  /** Per-file hashes and their combined hash (approval is bound to it). */
  fileHashes: Record<string, string>;
  hash: string;
  /** Other folders holding a skill of the same name (the first found is used). */
  duplicates: string[];
  /** True when an earlier folder's skill of this name is the one in use. */
  shadowed: boolean;
}

export const SKILL_MD_MAX = 256 * 1024;
const GROUP_DEPTH = 2;

/** The default user folders, in order of precedence: `lenaSkills` is LenaPaths.skills. */
export function defaultSkillFolders(lenaSkills: string, userDir = homedir()): string[] {
  return [join(userDir, '.claude', 'skills'), join(userDir, '.agents', 'skills'), lenaSkills];
}

/** A project's skill folders. */
export function projectSkillFolders(project: string): string[] {
  return [join(project, '.claude', 'skills'), join(project, '.agents', 'skills')];
}

function readSkill(folder: string, source: SkillSource, root: string | undefined): FoundSkill {
  const name = basename(folder);
  const base: FoundSkill = {
    name,
    folder,
    source,
    warnings: [],
    files: [],
    fileHashes: {},
    hash: '',
    duplicates: [],
    shadowed: false,
  };
  const invalid = (reason: string): FoundSkill => ({ ...base, invalid: reason });
  if (root !== undefined && !isInside(root, realpathSync.native(folder)))
    return invalid('the skill folder is a link that leads outside the project; it is not read');
  const md = join(folder, 'SKILL.md');
  let st;
  try {
    st = lstatSync(md);
  } catch {
    return invalid('the folder has no SKILL.md');
  }
  if (st.isSymbolicLink()) {
    let target: string;
    try {
      target = realpathSync.native(md);
    } catch {
      return invalid('SKILL.md is a link to nothing');
    }
    if (!isInside(realpathSync.native(folder), target))
      return invalid("SKILL.md is a link that leads outside the skill's folder; it is not read");
    st = statSync(md);
  }
  if (st.size > SKILL_MD_MAX)
    return invalid(`SKILL.md has ${st.size} bytes, over the limit of ${SKILL_MD_MAX} (256 KB)`);
  const text = readFileSync(md, 'utf8');
  const listed = listSkillFiles(folder, source.origin === 'project');
  const withFiles: FoundSkill = {
    ...base,
    skillMd: text,
    files: listed.files,
    fileHashes: listed.hashes,
    hash: skillHash(listed.hashes),
  };
  const parsed = parseSkillMd(text, name);
  if (!parsed.ok) return { ...withFiles, invalid: parsed.reason };
  const warnings = [...parsed.warnings];
  for (const f of listed.files)
    if (f.outside)
      warnings.push(`${f.path} is a link that leads outside the skill's folder; it is not read`);
  return {
    ...withFiles,
    name: parsed.front.name,
    front: parsed.front,
    body: parsed.body,
    warnings,
  };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function scan(
  dir: string,
  source: SkillSource,
  root: string | undefined,
  depth: number,
  out: FoundSkill[],
): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return; // a folder that does not exist holds no skills
  }
  for (const entry of names) {
    if (entry.startsWith('.')) continue;
    const folder = join(dir, entry);
    if (!isDir(folder)) continue;
    if (exists(join(folder, 'SKILL.md'))) out.push(readSkill(folder, source, root));
    else if (depth < GROUP_DEPTH) scan(folder, source, root, depth + 1, out);
  }
}

/** Every skill under `sources`, in their order, with duplicates marked. */
export function discoverSkills(sources: readonly SkillSource[], project?: string): FoundSkill[] {
  const out: FoundSkill[] = [];
  let root: string | undefined;
  if (project !== undefined)
    try {
      root = realpathSync.native(project);
    } catch {
      root = project;
    }
  for (const source of sources)
    scan(source.folder, source, source.origin === 'project' ? root : undefined, 0, out);
  const byName = new Map<string, FoundSkill[]>();
  for (const skill of out) {
    if (skill.invalid) continue;
    const list = byName.get(skill.name) ?? [];
    list.push(skill);
    byName.set(skill.name, list);
  }
  for (const list of byName.values()) {
    if (list.length < 2) continue;
    list.forEach((skill, i) => {
      skill.duplicates = list.filter((s) => s !== skill).map((s) => s.folder);
      skill.shadowed = i > 0;
    });
  }
  return out;
}
