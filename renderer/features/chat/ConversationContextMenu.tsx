// The conversation list's context menu (right-click, the Menu key or Shift+F10 on an item): what
// acts on one conversation from the list. Escape closes it and returns focus to the item.
import type { RefObject } from 'react';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { useLenaActions } from '../../store';

export function ConversationContextMenu({
  id,
  title,
  anchor,
  onClose,
}: {
  id: string;
  title: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { openInNewWindow } = useLenaActions();
  const close = () => {
    onClose();
    anchor.current?.focus();
  };
  useEscape('overlay', close, true);
  return (
    <TopLayerMenu anchor={anchor} role="menu" label={`“${title}”`} onDismiss={onClose}>
      <button
        role="menuitem"
        className="ghost"
        onClick={() => {
          onClose();
          void openInNewWindow(id);
        }}
      >
        Open in new window
      </button>
    </TopLayerMenu>
  );
}
