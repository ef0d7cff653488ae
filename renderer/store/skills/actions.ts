// Loading skills, their switch and the approval of a project's skill, through the host.
import type { SkillInfo } from '../../../shared/skill-types';
import { attempt } from '../result';
import type { ActionsCreator } from '../slice';

export interface SkillsActions {
  loadSkills(): Promise<void>;
  setSkillEnabled(name: string, enabled: boolean): Promise<void>;
  approveSkill(name: string): Promise<void>;
  /** Reads a server's skill's instructions now (verified by the host) for the panel to show. */
  readSkill(name: string): Promise<void>;
  openSkills(open: boolean): void;
}

export const createSkillsActions: ActionsCreator<SkillsActions> = (set, get, host) => {
  const apply = async (call: () => Promise<SkillInfo[]>) => {
    const r = await attempt(call);
    if (r.ok) set({ skills: r.value, skillsError: null });
    else set({ skillsError: r.error.message });
  };
  return {
    loadSkills: () => {
      set({ skillReads: {} }); // a server's skill may have changed since it was read
      return apply(() => host.call('skills:list'));
    },
    setSkillEnabled: (name, enabled) =>
      apply(() => host.call('skills:set-enabled', { name, enabled })),
    approveSkill: (name) => apply(() => host.call('skills:approve', { name })),
    readSkill: async (name) => {
      const r = await attempt(() => host.call('skills:read', { name }));
      const read = r.ok ? { body: r.value.body } : { error: r.error.message };
      set({ skillReads: { ...get().skillReads, [name]: read } });
    },
    openSkills: (open) => set({ skillsOpen: open }),
  };
};
