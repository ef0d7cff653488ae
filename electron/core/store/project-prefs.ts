// What Lena keeps for each project folder, in Lena's home (projects.json), never in the folder:
// the instructions added to its conversations' system prompt, the files pinned to them, the model
// and tool switches its new conversations start with. A repository cannot write these (its own
// `.lena/settings.json` keeps only its deny and ask rules). Read again when the file changes, so
// the window and `lena chat` see each other's edits; written under the home's file lock.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { ConversationTools } from '../../../shared/chat/conversations';
import {
  readJsonFileOrSetAside,
  readJsonFileOrSetAsideSync,
  writeJsonFile,
} from '../base/json-file';
import { withLockedFile } from '../base/locked-file';

/** The longest instructions kept (about 25k tokens): more belongs in a pinned file. */
export const MAX_INSTRUCTIONS = 100_000;
/** Pinned files per project. */
export const MAX_PINNED = 20;

const toolsSchema = z.object({
  offServers: z.array(z.string()),
  tools: z.record(z.string(), z.boolean()),
});

export const projectPrefsSchema = z.object({
  instructions: z.string().max(MAX_INSTRUCTIONS).optional(),
  /** Absolute paths of the pinned files, in the order they are given. */
  pinned: z
    .array(z.string().min(1).refine(isAbsolute, 'a pinned file is an absolute path'))
    .max(MAX_PINNED)
    .optional(),
  /** The model new conversations of the project start with; absent = the settings' model. */
  model: z.string().min(1).nullable().optional(),
  /** The tool switches new conversations of the project start with; absent = the global ones. */
  tools: toolsSchema.nullable().optional(),
});
export type ProjectPrefs = z.infer<typeof projectPrefsSchema>;

/** A change to one project's preferences: the fields given replace the stored ones (null clears). */
export type ProjectPrefsChange = {
  instructions?: string;
  pinned?: string[];
  model?: string | null;
  tools?: ConversationTools | null;
};

type FileShape = { projects: Record<string, ProjectPrefs> };

function readProjects(value: unknown): FileShape['projects'] {
  const projects = (value as { projects?: unknown } | undefined)?.projects;
  const out: FileShape['projects'] = {};
  if (typeof projects !== 'object' || projects === null) return out;
  for (const [folder, prefs] of Object.entries(projects)) {
    const parsed = projectPrefsSchema.safeParse(prefs);
    // One broken entry (an edit by hand) costs only that project its preferences.
    if (parsed.success && isAbsolute(folder)) out[folder] = parsed.data;
  }
  return out;
}

export class ProjectPrefsStore {
  private cache: { mtimeMs: number; size: number; projects: FileShape['projects'] } | null = null;

  constructor(
    private readonly file: string,
    private readonly notice?: (message: string) => void,
  ) {}

  /** The preferences of `folder` (empty when none are kept). */
  get(folder: string | null | undefined): ProjectPrefs {
    if (!folder) return {};
    return this.all()[folder] ?? {};
  }

  /** Every project with preferences, by folder. */
  all(): FileShape['projects'] {
    let stat;
    try {
      stat = statSync(this.file);
    } catch {
      return {};
    }
    if (this.cache && this.cache.mtimeMs === stat.mtimeMs && this.cache.size === stat.size)
      return this.cache.projects;
    const read = readJsonFileOrSetAsideSync(this.file);
    if (read.warning) this.notice?.(read.warning);
    const projects = readProjects(read.value);
    this.cache = { mtimeMs: stat.mtimeMs, size: stat.size, projects };
    return projects;
  }

  /** Applies `change` to `folder`'s preferences and returns them as stored. */
  async update(folder: string, change: ProjectPrefsChange): Promise<ProjectPrefs> {
    return withLockedFile(this.file, async () => {
      const read = await readJsonFileOrSetAside(this.file);
      if (read.warning) this.notice?.(read.warning);
      const projects = readProjects(read.value);
      const merged = projectPrefsSchema.parse({ ...projects[folder], ...change });
      projects[folder] = merged;
      await writeJsonFile(this.file, { projects } satisfies FileShape, { mode: 0o600 });
      this.cache = null;
      return merged;
    });
  }
}
