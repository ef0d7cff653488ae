// The settings page's section list: one row under the heading that stays in view while the page
// scrolls, marking the section being read; a link scrolls its section to the top and puts focus
// on the section's heading.
import { useEffect, useRef, useState } from 'react';
import { focusRegionTarget } from '../../components/focus-regions';

export interface SettingsSectionLink {
  /** The id of the section's heading (its <h2>). */
  heading: string;
  label: string;
}

export function SettingsNav({ sections }: { sections: readonly SettingsSectionLink[] }) {
  const nav = useRef<HTMLElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  // The section a link went to stays marked while it is in view (the last ones cannot scroll to the top).
  const chosen = useRef<string | null>(null);
  const ids = sections.map((s) => s.heading).join(' ');

  // The section being read: the one a link went to while in view, else the last whose top has
  // passed under the row.
  useEffect(() => {
    const page = nav.current?.closest<HTMLElement>('.page');
    if (!page) return;
    const follow = () => {
      const line = (nav.current?.getBoundingClientRect().bottom ?? 0) + 8;
      const picked = chosen.current && document.getElementById(chosen.current)?.closest('section');
      if (picked) {
        const r = picked.getBoundingClientRect();
        if (r.bottom > line && r.top < page.getBoundingClientRect().bottom)
          return setCurrent(chosen.current);
        chosen.current = null;
      }
      let at: string | null = null;
      for (const id of ids.split(' ')) {
        const section = document.getElementById(id)?.closest('section');
        if (section && section.getBoundingClientRect().top <= line) at = id;
      }
      setCurrent(at);
    };
    follow();
    page.addEventListener('scroll', follow, { passive: true });
    return () => page.removeEventListener('scroll', follow);
  }, [ids]);

  const go = (id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return;
    chosen.current = id;
    setCurrent(id);
    heading.closest('section')?.scrollIntoView({ block: 'start' });
    focusRegionTarget(heading);
  };
  return (
    <nav ref={nav} className="settings-nav" aria-label="Settings sections">
      {sections.map((s) => (
        <a
          key={s.heading}
          href={`#${s.heading}`}
          aria-current={current === s.heading ? 'location' : undefined}
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
