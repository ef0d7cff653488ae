// A SKILL.md is YAML front matter between `---` lines, then Markdown instructions (the
// agentskills.io format). Parsed leniently, as other hosts do: a value such as `key: a: b` that
// strict YAML refuses is retried quoted, a name that differs from its folder is a warning, and a
// skill without a description is skipped with the reason.
import { parse as parseYaml } from 'yaml';

/** The fields of a valid skill's front matter. */
export interface SkillFrontMatter {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  /** Experimental: tools the skill expects; only ever a suggestion to the user. */
  allowedTools?: string[];
}

export type ParsedSkill =
  | { ok: true; front: SkillFrontMatter; body: string; warnings: string[] }
  | { ok: false; reason: string };

export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;
export const COMPATIBILITY_MAX = 500;
const NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Why `name` is not a valid skill name, or undefined when it is. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'the name is empty';
  if (name.length > NAME_MAX) return `the name has ${name.length} characters (at most ${NAME_MAX})`;
  if (!NAME_PATTERN.test(name))
    return `the name "${name}" may hold only lowercase letters, digits and single hyphens, not at the start or end`;
  return undefined;
}

/** Splits `---\n…\n---` from the body; undefined when the file does not open with front matter. */
function split(text: string): { yaml: string; body: string } | undefined {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n')) return undefined;
  const end = src.indexOf('\n---', 3);
  if (end < 0) return undefined;
  const after = src.indexOf('\n', end + 4);
  const closing = src.slice(end + 4, after < 0 ? undefined : after);
  if (closing.trim() !== '') return undefined;
  return { yaml: src.slice(4, end + 1), body: after < 0 ? '' : src.slice(after + 1) };
}

/** Quotes the value of each top-level `key: value` line whose value holds `: ` (a retry). */
function quoteColonValues(yaml: string): string {
  return yaml
    .split('\n')
    .map((line) => {
      const m = /^([A-Za-z0-9_-]+):\s+(.+)$/.exec(line);
      if (!m || !m[2].includes(': ') || /^["'|>[{]/.test(m[2])) return line;
      return `${m[1]}: ${JSON.stringify(m[2])}`;
    })
    .join('\n');
}

function parseLenient(yaml: string): { value: unknown } | { error: string } {
  try {
    return { value: parseYaml(yaml) as unknown };
  } catch (first) {
    try {
      return { value: parseYaml(quoteColonValues(yaml)) as unknown };
    } catch {
      return { error: (first as Error).message.split('\n')[0] };
    }
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

/** Parses a SKILL.md found in the folder named `folder`. */
export function parseSkillMd(source: string, folder: string): ParsedSkill {
  const parts = split(source);
  if (!parts)
    return { ok: false, reason: 'SKILL.md does not start with front matter between --- lines' };
  const parsed = parseLenient(parts.yaml);
  if ('error' in parsed)
    return { ok: false, reason: `the front matter is not valid YAML: ${parsed.error}` };
  const data = parsed.value;
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, reason: 'the front matter is not a set of key: value fields' };
  const fields = data as Record<string, unknown>;
  const warnings: string[] = [];

  const description = text(fields.description);
  if (!description) return { ok: false, reason: 'the front matter has no description' };
  let desc = description;
  if (desc.length > DESCRIPTION_MAX) {
    warnings.push(
      `the description has ${desc.length} characters; the first ${DESCRIPTION_MAX} are used`,
    );
    desc = desc.slice(0, DESCRIPTION_MAX);
  }

  let name = text(fields.name);
  if (!name) {
    warnings.push(`the front matter has no name; the folder's name "${folder}" is used`);
    name = folder;
  }
  const problem = nameProblem(name);
  if (problem) return { ok: false, reason: problem };
  if (name !== folder) warnings.push(`the name "${name}" differs from its folder "${folder}"`);

  const front: SkillFrontMatter = { name, description: desc };
  const license = text(fields.license);
  if (license) front.license = license;
  const compatibility = text(fields.compatibility);
  if (compatibility) {
    if (compatibility.length > COMPATIBILITY_MAX)
      warnings.push(
        `compatibility has ${compatibility.length} characters (at most ${COMPATIBILITY_MAX})`,
      );
    front.compatibility = compatibility.slice(0, COMPATIBILITY_MAX);
  }
  if (fields.metadata !== undefined) {
    const meta = fields.metadata;
    if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(meta)) {
        const v = text(value);
        if (v === undefined) warnings.push(`metadata.${key} is not a string; it is left out`);
        else out[key] = v;
      }
      front.metadata = out;
    } else warnings.push('metadata is not a map of strings; it is left out');
  }
  const allowed = fields['allowed-tools'];
  if (allowed !== undefined) {
    const list = Array.isArray(allowed)
      ? allowed.map(text).filter((v): v is string => !!v)
      : (text(allowed) ?? '').split(/\s+/).filter(Boolean);
    if (list.length) front.allowedTools = list;
  }
  const known = new Set([
    'name',
    'description',
    'license',
    'compatibility',
    'metadata',
    'allowed-tools',
  ]);
  for (const key of Object.keys(fields))
    if (!known.has(key)) warnings.push(`unknown field "${key}" is ignored`);

  return { ok: true, front, body: parts.body, warnings };
}
