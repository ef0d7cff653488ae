// The quick entry's global shortcut: off by default (a global key is taken from every other app),
// and rebindable. The shortcut is checked as typed; Save stays disabled until it is one.
import { useState } from 'react';
import { DEFAULT_QUICK_ENTRY_SHORTCUT, isAccelerator } from '../../../shared/accelerator';
import type { SettingsView } from '../../../shared/settings-types';
import { useLenaActions } from '../../store';

export function QuickEntrySection({ settings }: { settings: SettingsView }) {
  const { updateSettings } = useLenaActions();
  const saved = settings.quickEntryShortcut;
  const [draft, setDraft] = useState(saved ?? DEFAULT_QUICK_ENTRY_SHORTCUT);
  const [note, setNote] = useState<string | null>(null);
  const save = (value: string | null) =>
    void updateSettings({ quickEntryShortcut: value }).then((r) =>
      setNote(r.ok ? 'Saved.' : `Not saved: ${r.error.message}`),
    );
  const valid = isAccelerator(draft.trim());
  return (
    <section className="card" aria-labelledby="quick-entry-settings-heading">
      <h2 id="quick-entry-settings-heading">Quick entry</h2>
      <p className="muted small">
        A shortcut that works from any application and opens a small window to ask a question in a
        new conversation.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={saved !== null}
          onChange={(e) => save(e.target.checked && valid ? draft.trim() : null)}
        />
        Open the quick entry with a global shortcut
      </label>
      <div className="row">
        <label htmlFor="quick-entry-shortcut">Shortcut</label>
        <input
          id="quick-entry-shortcut"
          value={draft}
          aria-invalid={!valid}
          aria-describedby="quick-entry-shortcut-hint"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button disabled={!valid || saved === draft.trim()} onClick={() => save(draft.trim())}>
          Save shortcut
        </button>
      </div>
      <p id="quick-entry-shortcut-hint" className={valid ? 'muted small' : 'error small'}>
        {valid
          ? 'Modifiers and a key, as in CommandOrControl+Shift+Space.'
          : 'A shortcut is one or more modifiers (Ctrl, Alt, Shift, Command) and a key.'}
      </p>
      {note && (
        <p className="small" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
