// Skills from folders (issue 41): what the Skills panel lists and whether it is open.
import type { SkillInfo } from '../../../shared/skill-types';

export interface SkillsState {
  skills: SkillInfo[];
  skillsOpen: boolean;
  /** Why the last skills call failed, shown in the panel. */
  skillsError: string | null;
}

export const initialSkillsState = (): SkillsState => ({
  skills: [],
  skillsOpen: false,
  skillsError: null,
});

export const skillsSelectors = {
  skills: (s: SkillsState) => s.skills,
  open: (s: SkillsState) => s.skillsOpen,
  error: (s: SkillsState) => s.skillsError,
};
