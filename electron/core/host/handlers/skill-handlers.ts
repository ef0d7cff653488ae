// skills:* — the Skills page and the composer's skill entries: every skill with its state, the
// switch, and the approval of a project's skill (bound to the hash of its files).
import type { SkillInfo } from '../../../../shared/skill-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { SkillView } from '../../skills/service';
import { suggestedRules } from '../skill-rules';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type SkillHandlers = Pick<Handlers, Extract<keyof Handlers, `skills:${string}`>>;

/** The view without the skill's hashes or SKILL.md source (the window renders the body). */
const info = (v: SkillView): SkillInfo => ({
  name: v.name,
  origin: v.origin,
  folder: v.folder,
  ...(v.server !== undefined ? { server: v.server } : {}),
  state: v.state,
  warnings: v.warnings,
  files: v.files,
  duplicates: v.duplicates,
  ...(v.reason ? { reason: v.reason } : {}),
  ...(v.description ? { description: v.description } : {}),
  ...(v.body !== undefined ? { body: v.body } : {}),
  ...(v.change ? { change: v.change } : {}),
  ...(v.allowedTools ? { allowedTools: v.allowedTools, suggestedRules: suggestedRules(v) } : {}),
});

export function skillHandlers(get: () => Promise<HostServices>): SkillHandlers {
  const skills = async () => (await get()).skills;
  const list = async () => (await (await skills()).list()).map(info);
  return {
    'skills:list': list,
    'skills:set-enabled': async ({ name, enabled }) => {
      await (await skills()).setEnabled(name, enabled);
      return list();
    },
    'skills:read': async ({ name }) => ({ body: await (await skills()).serverSkillBody(name) }),
    'skills:approve': async ({ name }) => {
      const service = await skills();
      const waiting = (await service.list()).find(
        (v) => v.name === name && v.origin !== 'user' && v.state === 'needs-approval',
      );
      if (!waiting)
        throw new LenaError(
          ERROR_CODE.notFound,
          `No project or server skill named "${name}" waits for approval.`,
        );
      await service.approve(name);
      return list();
    },
  };
}
