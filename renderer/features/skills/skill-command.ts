// `/skill-name` in the composer: the message asks Claude to load that skill (through lena_skill,
// so its body arrives as the tool's result, once per conversation) before the rest of the text.
import type { SkillInfo } from '../../../shared/skill-types';

/**
 * The enabled skill a draft starts with (`/pdf-forms …`, or a server's `/docs:pdf-forms …`), or
 * undefined. Only an enabled skill's exact name counts.
 */
export function skillCommandOf(text: string, skills: readonly SkillInfo[]): SkillInfo | undefined {
  const m = /^\/(\S+)(?:\s|$)/.exec(text);
  return m ? skills.find((s) => s.state === 'enabled' && s.name === m[1]) : undefined;
}

/** The text sent for `/skill-name rest`. */
export function skillMessage(skill: SkillInfo, text: string): string {
  const rest = text.slice(skill.name.length + 1).trim();
  const ask = `Use the skill "${skill.name}": load it with lena_skill first, then follow it.`;
  return rest ? `${ask}\n\n${rest}` : ask;
}
