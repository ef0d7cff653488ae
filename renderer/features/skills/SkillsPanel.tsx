// The Skills panel: every skill found with its origin, state (enabled, disabled, waiting for
// approval, invalid with the reason, duplicate), description, files and rendered body; a switch
// for each usable skill and Approve for a project's skill (with what changed since its approval);
// a usable skill's `allowed-tools` as rules to accept.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SkillInfo } from '../../../shared/skill-types';
import { useLena, useLenaActions } from '../../store';
import { skillsSelectors } from '../../store/skills/initial-state';
import { Markdown } from '../chat/Markdown';
import { SkillRules } from './SkillRules';

const STATE_TEXT: Record<SkillInfo['state'], string> = {
  enabled: 'Enabled',
  disabled: 'Disabled',
  'needs-approval': 'Waiting for approval',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
};

/**
 * A server's skill's instructions, read from its server only when the user asks (listing reads no
 * file) and verified by the host; a refused read shows why instead.
 */
function ServerSkillBody({ skill }: { skill: SkillInfo }) {
  const read = useLena(skillsSelectors.read(skill.name));
  const { readSkill } = useLenaActions();
  if (!read)
    return (
      <button
        type="button"
        className="small"
        aria-label={`Read instructions of ${skill.name} from its server`}
        onClick={() => void readSkill(skill.name)}
      >
        Read instructions
      </button>
    );
  if ('error' in read)
    return (
      <p className="small error" role="alert">
        {read.error}
      </p>
    );
  return (
    <details open>
      <summary className="small">Instructions (read from {skill.server}, verified)</summary>
      <Markdown text={read.body} />
    </details>
  );
}

function SkillRow({ skill }: { skill: SkillInfo }) {
  const { setSkillEnabled, approveSkill } = useLenaActions();
  const id = `skill-${skill.origin}-${skill.name}`;
  return (
    <li className="skill-row" aria-labelledby={`${id}-name`}>
      <div className="row">
        <strong id={`${id}-name`}>{skill.name}</strong>
        <span className="muted small">
          {skill.origin === 'project'
            ? 'Project'
            : skill.origin === 'server'
              ? `Server ${skill.server ?? ''}`
              : 'Yours'}
        </span>
        <span className={`skill-state skill-state-${skill.state}`}>{STATE_TEXT[skill.state]}</span>
        <span className="spacer" />
        {(skill.state === 'enabled' || skill.state === 'disabled') && (
          <label>
            <input
              type="checkbox"
              checked={skill.state === 'enabled'}
              aria-label={`${skill.name} on`}
              onChange={(e) => void setSkillEnabled(skill.name, e.target.checked)}
            />{' '}
            On
          </label>
        )}
        {skill.state === 'needs-approval' && (
          <button type="button" onClick={() => void approveSkill(skill.name)}>
            Approve
          </button>
        )}
      </div>
      {skill.reason && <p className="small error">{skill.reason}</p>}
      {skill.description && <p className="small">{skill.description}</p>}
      <p className="muted small">{skill.folder}</p>
      {skill.warnings.map((w) => (
        <p key={w} className="small warning">
          {w}
        </p>
      ))}
      {skill.change && (
        <div className="skill-change">
          <p className="small">Changed since you approved it:</p>
          {skill.change.skillMdDiff.length > 0 && (
            <pre className="small">{skill.change.skillMdDiff.join('\n')}</pre>
          )}
          {skill.change.changedFiles.length > 0 && (
            <p className="small">Other files changed: {skill.change.changedFiles.join(', ')}</p>
          )}
        </div>
      )}
      {skill.allowedTools && !skill.suggestedRules?.length && (
        <p className="muted small">
          Suggests tools: {skill.allowedTools.join(' ')} (never allowed by itself
          {skill.state === 'needs-approval' ? '; offered as rules once you approve it' : ''})
        </p>
      )}
      <SkillRules skill={skill} />
      {skill.files.length > 0 && (
        <details>
          <summary className="small">Files ({skill.files.length})</summary>
          <ul className="small">
            {skill.files.map((f) => (
              <li key={f.path}>
                {f.path} ({f.size} bytes{f.kind === 'script' ? ', script: never run by Lena' : ''}
                {f.outside ? ', links outside the skill: not read' : ''})
              </li>
            ))}
          </ul>
        </details>
      )}
      {skill.origin === 'server' && skill.state !== 'invalid' && <ServerSkillBody skill={skill} />}
      {skill.body && (
        <details>
          <summary className="small">Instructions</summary>
          <Markdown text={skill.body} />
        </details>
      )}
    </li>
  );
}

export function SkillsPanel() {
  const open = useLena(skillsSelectors.open);
  const skills = useLena(useShallow(skillsSelectors.skills));
  const error = useLena(skillsSelectors.error);
  const { loadSkills, openSkills, loadRules } = useLenaActions();
  useEffect(() => {
    if (open) void Promise.all([loadSkills(), loadRules()]);
  }, [open, loadSkills, loadRules]);
  if (!open) return null;
  const close = () => {
    openSkills(false);
    document.querySelector<HTMLTextAreaElement>('[data-composer]')?.focus();
  };
  return (
    <div
      className="resource-picker skills-panel"
      role="dialog"
      aria-label="Skills"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <div className="row">
        <h2 className="small">Skills</h2>
        <span className="spacer" />
        <button type="button" onClick={close} autoFocus>
          Close
        </button>
      </div>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      {skills.length === 0 ? (
        <p className="muted small">
          No skills found. Put a folder with a SKILL.md in ~/.claude/skills, ~/.agents/skills or the
          skills folder of Lena&apos;s home.
        </p>
      ) : (
        <ul className="skill-list">
          {skills.map((s) => (
            <SkillRow key={`${s.origin}:${s.server ?? ''}:${s.folder}`} skill={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
