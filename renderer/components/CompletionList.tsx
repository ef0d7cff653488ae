// Completions under a text box (the composer's `/mcp` commands and `/server:prompt`s): a listbox
// whose options are picked by click, or by the keys the text box handles (arrows, Tab, Enter).
// Focus stays in the text box, which names the picked option through aria-activedescendant
// (optionId); an option holds no button, since an option cannot contain a control.
import type { ReactNode } from 'react';

/** The id of option `index` of the list `listId`, for the text box's aria-activedescendant. */
export const optionId = (listId: string, index: number): string => `${listId}-${index}`;

export function CompletionList<T>({
  id,
  label,
  items,
  picked,
  keyOf,
  onChoose,
  children,
  className = '',
}: {
  id: string;
  label: string;
  items: readonly T[];
  /** The option the keys would choose now. */
  picked: T | null;
  keyOf(item: T): string;
  onChoose(item: T): void;
  children(item: T): ReactNode;
  className?: string;
}) {
  return (
    <ul id={id} className={`completions ${className}`} role="listbox" aria-label={label}>
      {items.map((item, i) => (
        <li
          key={keyOf(item)}
          id={optionId(id, i)}
          role="option"
          aria-selected={item === picked}
          // A press must not take focus from the text box (its keys drive the list).
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(item)}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
