// Claude Code's `permissions` (allow, deny, ask) for MCP tools, read from ~/.claude/settings.json
// and a project's .claude/settings.json and .claude/settings.local.json, as suggestions the user
// accepts one by one: nothing here is ever applied by itself. A project's files were written by
// whoever wrote the repository, so they are read as untrusted text: bounded in size and count,
// hidden characters refused, and each entry checked as Lena's own rules are.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { scanText } from '../../../shared/invisible';
import { validateRule } from './rules';
import type { ClaudeSuggestion } from '../../../shared/permission-types';
import type { PermissionLists, RuleList } from './types';

type ClaudeSource = ClaudeSuggestion['source'];

const MAX_BYTES = 1024 * 1024;
const MAX_ENTRIES = 500;
const MAX_RULE = 2000;
const LISTS: readonly RuleList[] = ['deny', 'ask', 'allow'];

/** The files Claude Code reads permissions from, with their source (`userHome`: the user's own HOME). */
export function claudeSettingsFiles(
  userHome: string,
  project: string | null,
): Array<{ file: string; source: ClaudeSource }> {
  const claudeFolder = join(userHome, '.claude');
  const files: Array<{ file: string; source: ClaudeSource }> = [
    { file: join(claudeFolder, 'settings.json'), source: 'user' },
  ];
  if (project)
    files.push(
      { file: join(project, '.claude', 'settings.json'), source: 'project' },
      { file: join(project, '.claude', 'settings.local.json'), source: 'project-local' },
    );
  return files;
}

/** Every MCP entry of those files as a suggestion; a file that cannot be read is one error entry. */
export async function claudeSuggestions(
  home: string,
  project: string | null,
  existing: PermissionLists,
): Promise<ClaudeSuggestion[]> {
  const out: ClaudeSuggestion[] = [];
  for (const { file, source } of claudeSettingsFiles(home, project)) {
    const text = await readBounded(file);
    if (text === null) continue;
    const base = { source, file, present: false };
    if (typeof text !== 'string') {
      out.push({ ...base, list: 'deny', rule: '', error: text.error });
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      out.push({
        ...base,
        list: 'deny',
        rule: '',
        error: `${file} is not JSON: ${(error as Error).message}`,
      });
      continue;
    }
    const permissions = (parsed as { permissions?: Record<string, unknown> } | null)?.permissions;
    for (const list of LISTS) {
      const entries = permissions?.[list];
      if (!Array.isArray(entries)) continue;
      for (const entry of entries.slice(0, MAX_ENTRIES)) {
        if (typeof entry !== 'string' || !entry.trim().startsWith('mcp__')) continue;
        out.push(suggestion(list, entry, base, existing));
      }
    }
  }
  return out;
}

function suggestion(
  list: RuleList,
  entry: string,
  base: { source: ClaudeSource; file: string },
  existing: PermissionLists,
): ClaudeSuggestion {
  const rule = entry.trim();
  const shown = rule.length > MAX_RULE ? `${rule.slice(0, MAX_RULE)}…` : rule;
  const scan = scanText(shown);
  const present = existing[list].some((e) => e.rule.trim() === rule && e.args === undefined);
  if (rule.length > MAX_RULE)
    return { ...base, list, rule: shown, present, error: `longer than ${MAX_RULE} characters` };
  if (scan.findings.length > 0)
    return {
      ...base,
      list,
      rule: scan.marked,
      present,
      error: 'it holds hidden characters (shown as ⟦…⟧ markers); write the rule yourself',
    };
  const checked = validateRule(list, rule, 'user');
  return { ...base, list, rule, present, error: checked.ok ? null : checked.message };
}

/** The file's text, null when absent, or why it was not read (too large, unreadable). */
async function readBounded(file: string): Promise<string | null | { error: string }> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { error: `${file} is not a file` };
    if (info.size > MAX_BYTES) return { error: `${file} is larger than 1 MB, so it was not read` };
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return { error: `${file} could not be read: ${(error as Error).message}` };
  }
}
