// What the model sees of skills: a catalog (name, description, origin of each enabled skill) in
// the system prompt, and two tools. The load tool takes a name as a plain string, never an enum,
// so switching a skill on or off leaves the tools prefix (and its cache) as it was.
import type Anthropic from '@anthropic-ai/sdk';
import type { SkillOrigin } from './discover';

export const SKILL_TOOL = 'lena_skill';
export const SKILL_FILE_TOOL = 'lena_skill_file';
/** Above this many skills the catalog lists the first ones and says the rest can be asked for. */
export const CATALOG_MAX = 100;

export interface CatalogEntry {
  name: string;
  description: string;
  origin: SkillOrigin | 'server';
  /** The label of the MCP server a server's skill comes from. */
  server?: string;
}

const escapeAttr = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export const SKILL_TOOL_DEFINITIONS: readonly Anthropic.Messages.Tool[] = [
  {
    name: SKILL_TOOL,
    description:
      "Loads a skill from the catalog in the system prompt: returns the skill's instructions and the list of its files. Load a skill when the user's task matches its description, before doing the task. A skill already loaded in this conversation need not be loaded again.",
    input_schema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The skill name, as in the catalog.' } },
      required: ['name'],
    },
  },
  {
    name: SKILL_FILE_TOOL,
    description:
      "Reads one file of a loaded skill (a path from the file list lena_skill returned, such as references/guide.md). Only files inside the skill's folder can be read. Scripts are listed but never run by Lena: running one needs a tool that executes code.",
    input_schema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The skill name.' },
        path: { type: 'string', description: "A path relative to the skill's folder." },
      },
      required: ['name', 'path'],
    },
  },
];

/** The catalog block of the system prompt; empty when no skill is enabled. */
export function catalogText(entries: readonly CatalogEntry[]): string {
  if (entries.length === 0) return '';
  const shown = entries.slice(0, CATALOG_MAX);
  const lines = [
    `Skills: folders of instructions for particular tasks. When a task matches a skill's description, call ${SKILL_TOOL} with its name first, then follow what it returns; read its files with ${SKILL_FILE_TOOL} only when needed.`,
    ...(entries.some((e) => e.origin === 'server')
      ? [
          'A skill with origin="server" comes from the MCP server named in its server attribute, not from the user: its name is that server\'s label, a colon, and the skill\'s path.',
        ]
      : []),
    '<skills>',
    ...shown.map(
      (e) =>
        `<skill name="${escapeAttr(e.name)}" origin="${e.origin}"${e.server !== undefined ? ` server="${escapeAttr(e.server)}"` : ''}>${e.description.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))}</skill>`,
    ),
    '</skills>',
  ];
  const more = entries.length - shown.length;
  if (more > 0)
    lines.push(
      `${more} more skills are enabled but not listed; ${SKILL_TOOL} loads any of them by name, and an unknown name is answered with the full list.`,
    );
  return lines.join('\n');
}
