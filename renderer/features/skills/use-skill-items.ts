// The composer's + menu entries for skills: the Skills panel, and one `/skill-name` entry per
// enabled skill (it puts the command at the start of the draft).
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLena, useLenaActions } from '../../store';
import { skillsSelectors } from '../../store/skills/initial-state';
import type { AddMenuItem } from '../chat/AddMenu';

export function useSkillItems(draft: string, setDraft: (text: string) => void): AddMenuItem[] {
  const skills = useLena(useShallow(skillsSelectors.skills));
  const { loadSkills, openSkills } = useLenaActions();
  useEffect(() => {
    void loadSkills();
  }, [loadSkills]);
  return [
    ...skills
      .filter((s) => s.state === 'enabled')
      .map((s): AddMenuItem => ({
        id: `skill:${s.name}`,
        label: `Skill: ${s.name}`,
        hint: `/${s.name}`,
        run: () => {
          setDraft(`/${s.name} ${draft.replace(/^\/[a-z0-9-]+\s*/, '')}`);
          document.querySelector<HTMLTextAreaElement>('[data-composer]')?.focus();
        },
      })),
    {
      id: 'skills',
      label: 'Skills…',
      hint: 'folders of instructions',
      run: () => openSkills(true),
    },
  ];
}
