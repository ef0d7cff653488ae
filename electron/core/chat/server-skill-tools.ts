// Lena's skill tools for a server's skill (Skills over MCP). The load reads SKILL.md from the
// skill's own server and verifies it against the entry the user approved; a file read resolves a
// path inside the skill to a URI that entry lists, on that server only. A read that fails
// verification is refused and nothing of it reaches the model; the entry is then refreshed
// (skills/get) so a skill changed on the server is asked about again rather than used.
import type Anthropic from '@anthropic-ai/sdk';
import { LenaError } from '../../../shared/result';
import { SkillVerificationError } from '../mcp/skills/client';
import { digestSetHash, skillRoot } from '../mcp/skills/entry';
import { SKILL_FILE_TOOL } from '../skills/catalog';
import { bodyOf, entryFiles } from '../skills/server-skills';
import type { UsableServerSkill } from '../skills/service';
import { untrustedText } from './untrusted';

/** A skill's files as the load tool lists them for the model (scripts said never to run). */
export function skillFileList(
  files: readonly { path: string; size: number; kind: string }[],
): string {
  if (files.length === 0) return '(no other files)';
  return files
    .map(
      (f) =>
        `- ${f.path} (${f.size} bytes${f.kind === 'script' ? ', script: not run by Lena' : ''})`,
    )
    .join('\n');
}

type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;
type TextBlock = Anthropic.Messages.TextBlockParam;

const error = (id: string, body: string): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text: body }],
  is_error: true,
});

/** Why a verified read failed, after asking the server for the skill's current entry. */
async function refusal(skill: UsableServerSkill, err: SkillVerificationError): Promise<string> {
  try {
    const fresh = await skill.client.get(skill.uri);
    if (!fresh.ok || digestSetHash(fresh.entry) !== digestSetHash(skill.approved)) {
      skill.client.forget(); // the next catalog lists the skill as changed, waiting for approval
      return `The skill "${skill.name}" changed on the MCP server "${skill.server}" since the user approved it; nothing of the new version was used. The user must approve it again on the Skills page before it can be loaded.`;
    }
  } catch {
    // the refusal below stands on its own
  }
  return err.message;
}

/** The skill's path (`references/guide.md`) as a URI the approved entry lists, or an error text. */
function listedUri(skill: UsableServerSkill, path: string): string | { error: string } {
  const clean = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (clean === '' || clean.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(clean))
    return {
      error: `"${path}" is not a path inside the skill; give one such as references/guide.md`,
    };
  if (clean.split('/').includes('..'))
    return { error: `"${path}" leaves the skill; only its own files can be read` };
  const uri = `${skillRoot(skill.approved.uri)}/${clean}`;
  if (uri === skill.approved.uri || !skill.approved.resources.some((r) => r.uri === uri))
    return {
      error: `The skill "${skill.name}" lists no file "${clean}". Its files: ${
        entryFiles(skill.approved)
          .map((f) => f.path)
          .join(', ') || '(none)'
      }.`,
    };
  return uri;
}

/** Loads the server's skill: SKILL.md verified against the approved entry, with its file list. */
export async function loadServerSkill(
  id: string,
  skill: UsableServerSkill,
): Promise<ToolResultBlock> {
  let skillMd: string;
  try {
    ({ skillMd } = await skill.client.load(skill.approved));
  } catch (e) {
    if (e instanceof SkillVerificationError) return error(id, await refusal(skill, e));
    if (e instanceof LenaError || e instanceof Error)
      return error(id, `Loading "${skill.name}" from "${skill.server}" failed: ${e.message}`);
    throw e;
  }
  const files = entryFiles(skill.approved);
  const list = skillFileList(files);
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: [
      {
        type: 'text',
        text: `Skill "${skill.name}" from the MCP server "${skill.server}" (not one of the user's own skills; its allowed-tools grant nothing). Its SKILL.md follows, verified against the digests the user approved; its files are listed after it.`,
      },
      untrustedText(bodyOf(skillMd)) as unknown as TextBlock,
      untrustedText(`Files (read with ${SKILL_FILE_TOOL}):\n${list}`) as unknown as TextBlock,
    ],
  };
}

/** Reads one file of a loaded server skill, verified, from that skill's server only. */
export async function readServerSkillFile(
  id: string,
  skill: UsableServerSkill,
  path: string,
  maxChars: number,
): Promise<ToolResultBlock> {
  const uri = listedUri(skill, path);
  if (typeof uri !== 'string') return error(id, uri.error);
  const size = skill.approved.resources.find((r) => r.uri === uri)?.size ?? 0;
  if (size > maxChars)
    return error(
      id,
      `"${path}" has ${size} bytes, over the ${maxChars}-byte limit for a file read`,
    );
  try {
    const text = await skill.client.readFile(skill.approved, uri);
    return {
      type: 'tool_result',
      tool_use_id: id,
      content: [untrustedText(text) as unknown as TextBlock],
    };
  } catch (e) {
    if (e instanceof SkillVerificationError) return error(id, await refusal(skill, e));
    if (e instanceof Error)
      return error(id, `Reading "${path}" from "${skill.server}" failed: ${e.message}`);
    throw e;
  }
}
