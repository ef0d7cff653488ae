// `< 2/3 >` on a message that Edit or Regenerate gave kept alternatives (issue 16): moves the
// conversation to the previous or next branch, which then is the one the next turn continues.
// The switched-to message takes this one's place, so focus moves to its switcher's same button.
import { useEffect, useRef } from 'react';
import { useLena } from '../../store';

export function BranchSwitcher({ messageId }: { messageId: string }) {
  const branch = useLena((s) => s.openChat.value?.branches?.[messageId]);
  const running = useLena((s) => s.openChat.value?.turnId != null);
  const switchBranch = useLena((s) => s.switchBranch);
  if (!branch) return null;
  const go = async (step: -1 | 1) => {
    const target = branch.siblings[branch.index - 1 + step];
    if (!target) return;
    // Set before the switch: the new row may render before the call below returns.
    pendingFocus = { messageId: target, step };
    const r = await switchBranch(target);
    if (!r.ok) pendingFocus = null;
  };
  return (
    <span
      className="branch-switcher"
      role="group"
      aria-label={`Branch ${branch.index} of ${branch.count}`}
      data-branches={messageId}
    >
      <FocusOnArrival messageId={messageId} />
      <button
        type="button"
        className="ghost small-button"
        data-step="-1"
        aria-label="Previous branch"
        title="Previous branch"
        disabled={running || branch.index <= 1}
        onClick={() => void go(-1)}
      >
        ‹
      </button>
      <span className="branch-count" aria-hidden="true">
        {branch.index}/{branch.count}
      </span>
      <button
        type="button"
        className="ghost small-button"
        data-step="1"
        aria-label="Next branch"
        title="Next branch"
        disabled={running || branch.index >= branch.count}
        onClick={() => void go(1)}
      >
        ›
      </button>
    </span>
  );
}

/** The switcher the user just moved to, and which of its buttons had focus. */
let pendingFocus: { messageId: string; step: -1 | 1 } | null = null;

/** Puts focus back on the arrow the user pressed, in the switcher of the branch now shown. */
function FocusOnArrival({ messageId }: { messageId: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const index = useLena((s) => s.openChat.value?.branches?.[messageId]?.index);
  useEffect(() => {
    if (pendingFocus?.messageId !== messageId) return;
    const group = marker.current?.parentElement;
    const wanted = group?.querySelector<HTMLButtonElement>(
      `button[data-step="${pendingFocus.step}"]`,
    );
    // At the first or last branch that arrow is disabled: the other one takes focus.
    const button =
      wanted && !wanted.disabled
        ? wanted
        : group?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    pendingFocus = null;
    button?.focus();
  }, [messageId, index]);
  return <span ref={marker} hidden />;
}
