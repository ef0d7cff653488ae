// A conversation's menu in the sidebar ("⋯", a right-click, or Shift+F10 / the context-menu key on
// the item): open in a new window, rename, pin or unpin, archive or unarchive, delete. Closing it
// returns focus to the item.
import type { RefObject } from 'react';
import type { ConversationSummary } from '../../../shared/chat/conversations';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { useLenaActions } from '../../store';

export function ConversationMenu({
  conversation: c,
  anchor,
  onClose,
  onRename,
}: {
  conversation: ConversationSummary;
  anchor: RefObject<HTMLElement | null>;
  /** Closes the menu; `refocus` puts focus back on the item. */
  onClose(refocus: boolean): void;
  onRename(): void;
}) {
  const { pinConversation, archiveConversation, deleteConversation, openInNewWindow } =
    useLenaActions();
  useEscape('overlay', () => onClose(true));
  const act =
    (fn: () => void, refocus = true) =>
    () => {
      onClose(refocus);
      fn();
    };
  return (
    <TopLayerMenu
      anchor={anchor}
      align="right"
      role="menu"
      label={`Actions for “${c.title}”`}
      onDismiss={() => onClose(false)}
    >
      <button
        role="menuitem"
        className="ghost"
        onClick={act(() => void openInNewWindow(c.id), false)}
      >
        Open in new window
      </button>
      <button role="menuitem" className="ghost" onClick={act(onRename, false)}>
        Rename <kbd>F2</kbd>
      </button>
      {!c.archived && (
        <button
          role="menuitem"
          className="ghost"
          onClick={act(() => void pinConversation(c.id, !c.pinned))}
        >
          {c.pinned ? 'Unpin' : 'Pin to top'}
        </button>
      )}
      <button
        role="menuitem"
        className="ghost"
        onClick={act(() => void archiveConversation(c.id, !c.archived), false)}
      >
        {c.archived ? 'Unarchive' : 'Archive'}
      </button>
      <button
        role="menuitem"
        className="ghost"
        onClick={act(() => void deleteConversation(c.id), false)}
      >
        Delete <kbd>Del</kbd>
      </button>
    </TopLayerMenu>
  );
}
