// Closing a page or form with Escape: at once when nothing is unsaved, otherwise an inline
// question in the page itself ("Keep editing" is the default; Escape again keeps editing too).
import { useState, type ReactNode } from 'react';
import { hasUnsavedEdits, useEscape, type EscapeLevel } from './use-escape';

export function useCloseWithEscape(
  level: EscapeLevel,
  close: () => void,
  dirty: () => boolean = hasUnsavedEdits,
): { bar: ReactNode } {
  const [confirming, setConfirming] = useState(false);
  useEscape(level, () => {
    if (confirming) setConfirming(false);
    else if (dirty()) setConfirming(true);
    else close();
  });
  const bar = confirming ? (
    <div className="notice leave-bar row" role="alert">
      <span className="grow">You have unsaved changes. Close anyway and lose them?</span>
      <button autoFocus onClick={() => setConfirming(false)}>
        Keep editing
      </button>
      <button
        className="danger-outline"
        onClick={() => {
          setConfirming(false);
          close();
        }}
      >
        Discard and close
      </button>
    </div>
  ) : null;
  return { bar };
}
