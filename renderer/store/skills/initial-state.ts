// Skills from folders (issue 41): what the Skills panel lists and whether it is open.
import type { SkillInfo } from '../../../shared/skill-types';

export interface SkillsState {
  skills: SkillInfo[];
  skillsOpen: boolean;
  /** Why the last skills call failed, shown in the panel. */
  skillsError: string | null;
  /** A server's skill's body as read on request (verified), or why the read was refused, by name. */
  skillReads: Record<string, { body: string } | { error: string }>;
}

export const initialSkillsState = (): SkillsState => ({
  skills: [],
  skillsOpen: false,
  skillsError: null,
  skillReads: {},
});

export const skillsSelectors = {
  skills: (s: SkillsState) => s.skills,
  open: (s: SkillsState) => s.skillsOpen,
  error: (s: SkillsState) => s.skillsError,
  read: (name: string) => (s: SkillsState) => s.skillReads[name],
};
