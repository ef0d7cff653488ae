// The composer's "+": one menu for everything added to a message (files, a server's resource, a
// server's prompt). New kinds of additions join this list, not the composer's bar. Keyboard: Enter,
// Space or ↓ on the button opens it on the first item; ↑/↓, Home/End move; Escape closes and
// returns to the button; Tab leaves it.
import { useEffect, type KeyboardEvent } from 'react';
import { usePopover } from './use-popover';

export interface AddMenuItem {
  id: string;
  label: string;
  /** A short hint at the end of the row (the key that does the same, or what it opens). */
  hint?: string;
  run(): void;
}

export function AddMenu({ items }: { items: readonly AddMenuItem[] }) {
  const { open, setOpen, close, button, popup } = usePopover();
  useEffect(() => {
    if (open) popup.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, popup]);
  const onMenuKeyDown = (e: KeyboardEvent) => {
    const rows = [...(popup.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = rows.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (at + 1) % rows.length
        : e.key === 'ArrowUp'
          ? (at - 1 + rows.length) % rows.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? rows.length - 1
              : null;
    if (to !== null) {
      e.preventDefault();
      rows[to]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };
  return (
    <span className="composer-chip-wrap">
      <button
        ref={button}
        type="button"
        className="composer-chip add-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'composer-add-menu' : undefined}
        aria-label="Add files, resources or prompts"
        title="Add files, resources or prompts"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        +
      </button>
      {open && (
        <div
          ref={popup}
          id="composer-add-menu"
          className="composer-popover add-menu"
          role="menu"
          aria-label="Add to the message"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="add-menu-item"
              onClick={() => {
                close(false);
                item.run();
              }}
            >
              <span className="add-menu-label">{item.label}</span>
              {item.hint && <span className="muted small">{item.hint}</span>}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
