// One conversation in the sidebar: open on click or Enter, rename in place (F2 or double-click;
// Enter or Escape returns focus to the item), delete (Del or the × on hover), and a menu (⋯, a
// right-click, Shift+F10) to pin, archive or rename. A mark says when its turn is running or its
// answer arrived unseen. The list is one Tab stop: only the `tabbable` item takes Tab, arrow keys,
// Home and End move between items.
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '../../../shared/chat/conversations';
import { focusWhenRendered } from '../../components/use-escape';
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { ConversationMenu } from './ConversationMenu';

const ITEMS = '.conversation-list .conversation-open';
const itemSelector = (id: string) => `.conversation-open[data-conversation-id="${CSS.escape(id)}"]`;

function moveFocus(e: KeyboardEvent<HTMLButtonElement>): boolean {
  const all = Array.from(document.querySelectorAll<HTMLButtonElement>(ITEMS));
  const at = all.indexOf(e.currentTarget);
  const to =
    e.key === 'ArrowDown'
      ? at + 1
      : e.key === 'ArrowUp'
        ? at - 1
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? all.length - 1
            : null;
  if (to === null) return false;
  all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
  return true;
}

// Long: the item, its rename field and its menu share the editing state and keys.
export const ConversationItem = memo(function ConversationItem({
  conversation,
  tabbable,
  onFocusItem,
}: {
  conversation: ConversationSummary;
  tabbable: boolean;
  onFocusItem(id: string): void;
}) {
  const active = useLena(conversationsSelectors.activeId) === conversation.id;
  const renaming = useLena(conversationsSelectors.renamingId) === conversation.id;
  const mark = useLena(conversationsSelectors.mark(conversation.id));
  const [menu, setMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { openConversation, setRenaming, renameConversation, deleteConversation } =
    useLenaActions();
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const backToItem = () => focusWhenRendered(itemSelector(conversation.id));
  const startRename = () => {
    setTitle(conversation.title);
    setRenaming(conversation.id);
  };

  const commit = async (refocus: boolean) => {
    const next = title.trim();
    if (next === '' || next === conversation.title) {
      setRenaming(null);
      if (refocus) backToItem();
      return;
    }
    const r = await renameConversation(conversation.id, next);
    setError(r.ok ? null : `Not renamed: ${r.error.message}`);
    if (r.ok && refocus) backToItem();
  };

  if (renaming) {
    return (
      <li className="conversation renaming" role="listitem">
        <input
          aria-label="Conversation title"
          autoFocus
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => void commit(false)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void commit(true);
            if (e.key === 'Escape') {
              e.stopPropagation();
              e.preventDefault();
              setTitle(conversation.title);
              setRenaming(null);
              backToItem();
            }
          }}
        />
        {error && <p className="error small">{error}</p>}
      </li>
    );
  }
  return (
    <li className={`conversation ${active ? 'active' : ''}`} role="listitem">
      <button
        className="conversation-open ghost"
        data-conversation-id={conversation.id}
        aria-current={active ? 'true' : undefined}
        title={conversation.title}
        tabIndex={tabbable ? 0 : -1}
        onFocus={() => onFocusItem(conversation.id)}
        onClick={() => openConversation(conversation.id)}
        onDoubleClick={startRename}
        onContextMenu={(e) => {
          e.preventDefault();
          setMenu(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'F2') {
            e.preventDefault();
            startRename();
          } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
            e.preventDefault();
            setMenu(true);
          } else if (e.key === 'Delete') {
            e.preventDefault();
            void deleteConversation(conversation.id);
          } else if (moveFocus(e)) e.preventDefault();
        }}
      >
        {conversation.title || 'Untitled'}
      </button>
      {mark === 'running' ? (
        <span className="conversation-mark running" role="img" aria-label="Working" title="Working">
          ◌
        </span>
      ) : mark === 'unread' ? (
        <span
          className="conversation-mark unread"
          role="img"
          aria-label="New answer"
          title="New answer"
        >
          ●
        </span>
      ) : null}
      {/* Out of the Tab order (Del deletes the focused item, Shift+F10 opens the menu); shown on hover and focus only, so the title keeps the width. */}
      <span className={`conversation-tools ${menu ? 'open' : ''}`}>
        <button
          ref={menuButton}
          className="ghost icon"
          tabIndex={-1}
          aria-label={`More actions for “${conversation.title}”`}
          aria-haspopup="menu"
          aria-expanded={menu}
          title="Rename, pin, archive (Shift+F10)"
          onClick={() => setMenu(!menu)}
        >
          ⋯
        </button>
        <button
          className="ghost icon conversation-delete"
          tabIndex={-1}
          aria-label={`Delete “${conversation.title}”`}
          title="Delete (Del)"
          onClick={() => void deleteConversation(conversation.id)}
        >
          ×
        </button>
      </span>
      {menu && (
        <ConversationMenu
          conversation={conversation}
          anchor={menuButton}
          onRename={startRename}
          onClose={(refocus) => {
            setMenu(false);
            if (refocus) backToItem();
          }}
        />
      )}
    </li>
  );
});
