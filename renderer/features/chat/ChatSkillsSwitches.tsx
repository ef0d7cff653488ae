// The skills part of the composer's tools menu: each enabled skill with a switch kept with this
// conversation (off: left out of its catalog, and `lena_skill` does not load it here); the Skills
// page stays the default. Plain checkboxes in the menu's tab order: a handful, never thousands.
import { useShallow } from 'zustand/react/shallow';
import { skillOn } from '../../../shared/conversation-tools';
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { skillsSelectors } from '../../store/skills/initial-state';

/** The names of the enabled skills, which the section lists. */
export const useEnabledSkills = () =>
  useLena(
    useShallow((s) =>
      skillsSelectors
        .skills(s)
        .filter((k) => k.state === 'enabled')
        .map((k) => k.name),
    ),
  );

export function ChatSkillsSwitches({ names }: { names: string[] }) {
  const choice = useLena((s) => conversationsSelectors.active(s)?.tools);
  const { setChatSkill } = useLenaActions();
  if (names.length === 0) return null;
  return (
    <div className="chat-skills" role="group" aria-label="Skills for this conversation">
      <div className="muted small">Skills</div>
      {names.map((name) => (
        <label key={name} className="chat-skills-row" data-chat-skill={name}>
          <input
            type="checkbox"
            checked={skillOn(name, choice)}
            onChange={(e) => void setChatSkill(name, e.target.checked)}
          />
          <span className="mono">{name}</span>
        </label>
      ))}
    </div>
  );
}
