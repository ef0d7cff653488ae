// The settings page's section list: one row under the heading that stays in view while the page
// scrolls; a link scrolls its section to the top and puts focus on the section's heading.
import { focusRegionTarget } from '../../components/focus-regions';

export interface SettingsSectionLink {
  /** The id of the section's heading (its <h2>). */
  heading: string;
  label: string;
}

export function SettingsNav({ sections }: { sections: readonly SettingsSectionLink[] }) {
  const go = (id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return;
    heading.closest('section')?.scrollIntoView({ block: 'start' });
    focusRegionTarget(heading);
  };
  return (
    <nav className="settings-nav" aria-label="Settings sections">
      {sections.map((s) => (
        <a
          key={s.heading}
          href={`#${s.heading}`}
          onClick={(e) => {
            e.preventDefault();
            go(s.heading);
          }}
        >
          {s.label}
        </a>
      ))}
    </nav>
  );
}
