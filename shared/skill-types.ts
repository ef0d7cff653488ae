// Skills as the window shows them (the Skills page, the composer's + menu and `/skill-name`).

export type SkillStateView = 'enabled' | 'disabled' | 'needs-approval' | 'invalid' | 'duplicate';

export interface SkillFileView {
  path: string;
  size: number;
  kind: 'script' | 'reference' | 'asset' | 'other';
  /** A link out of the skill folder: listed, never read. */
  outside?: boolean;
}

export interface SkillInfo {
  name: string;
  origin: 'user' | 'project' | 'server';
  /** The skill's folder, or for a server's skill the URI of its SKILL.md. */
  folder: string;
  /** The label of the MCP server a server's skill comes from. */
  server?: string;
  state: SkillStateView;
  /** Why it is invalid, or which folder's skill of the same name is used. */
  reason?: string;
  description?: string;
  /** The SKILL.md body (Markdown), for the page to render. */
  body?: string;
  warnings: string[];
  files: SkillFileView[];
  duplicates: string[];
  /** A project skill changed since its approval: the SKILL.md diff and the other changed files. */
  change?: { skillMdDiff: string[]; changedFiles: string[] };
  /** `allowed-tools`: offered as suggested rules, never applied by itself. */
  allowedTools?: string[];
  /**
   * `allowed-tools` read as allow rules the user may accept (each with the parser's error when it
   * is not one); empty until a project's skill is approved.
   */
  suggestedRules?: Array<{ rule: string; error: string | null }>;
}
