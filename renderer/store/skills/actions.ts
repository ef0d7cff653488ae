// Loading skills, their switch and the approval of a project's skill, through the host.
import type { SkillInfo } from '../../../shared/skill-types';
import { attempt } from '../result';
import type { ActionsCreator } from '../slice';

export interface SkillsActions {
  loadSkills(): Promise<void>;
  setSkillEnabled(name: string, enabled: boolean): Promise<void>;
  approveSkill(name: string): Promise<void>;
  openSkills(open: boolean): void;
}

export const createSkillsActions: ActionsCreator<SkillsActions> = (set, _get, host) => {
  const apply = async (call: () => Promise<SkillInfo[]>) => {
    const r = await attempt(call);
    if (r.ok) set({ skills: r.value, skillsError: null });
    else set({ skillsError: r.error.message });
  };
  return {
    loadSkills: () => apply(() => host.call('skills:list')),
    setSkillEnabled: (name, enabled) =>
      apply(() => host.call('skills:set-enabled', { name, enabled })),
    approveSkill: (name) => apply(() => host.call('skills:approve', { name })),
    openSkills: (open) => set({ skillsOpen: open }),
  };
};
