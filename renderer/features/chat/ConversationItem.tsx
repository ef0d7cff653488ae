// One conversation in the sidebar: open on click, rename in place (F2 or double-click), delete.
import { memo, useState } from 'react';
import type { ConversationSummary } from '../../../shared/chat-types';
import { useLena } from '../../store';

export const ConversationItem = memo(function ConversationItem({ conversation }: { conversation: ConversationSummary }) {
  const active = useLena((s) => s.activeId === conversation.id);
  const renaming = useLena((s) => s.renamingId === conversation.id);
  const { openConversation, setRenaming, renameConversation, deleteConversation } = useLena.getState();
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);

  const commit = async () => {
    const next = title.trim();
    if (next === '' || next === conversation.title) return setRenaming(null);
    const r = await renameConversation(conversation.id, next);
    setError(r.ok ? null : `Not renamed: ${r.error.message}`);
  };

  if (renaming) {
    return (
      <li className="conversation renaming" role="listitem">
        <input aria-label="Conversation title" autoFocus value={title} onChange={(e) => setTitle(e.target.value)} onBlur={() => void commit()}
          onKeyDown={(e) => { if (e.key === 'Enter') void commit(); if (e.key === 'Escape') { e.stopPropagation(); setTitle(conversation.title); setRenaming(null); } }} />
        {error && <p className="error small">{error}</p>}
      </li>
    );
  }
  return (
    <li className={`conversation ${active ? 'active' : ''}`} role="listitem">
      <button className="conversation-open ghost" aria-current={active ? 'true' : undefined} title={conversation.title}
        onClick={() => openConversation(conversation.id)}
        onDoubleClick={() => { setTitle(conversation.title); setRenaming(conversation.id); }}
        onKeyDown={(e) => {
          if (e.key === 'F2') { e.preventDefault(); setTitle(conversation.title); setRenaming(conversation.id); }
          if (e.key === 'Delete') { e.preventDefault(); void deleteConversation(conversation.id); }
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            // Arrow keys move between conversations, across the date groups.
            e.preventDefault();
            const all = Array.from(document.querySelectorAll<HTMLButtonElement>('.conversation-list .conversation-open'));
            all[all.indexOf(e.currentTarget) + (e.key === 'ArrowDown' ? 1 : -1)]?.focus();
          }
        }}>
        {conversation.title || 'Untitled'}
      </button>
      <button className="ghost icon conversation-delete" aria-label={`Delete “${conversation.title}”`} title="Delete (Del)" onClick={() => void deleteConversation(conversation.id)}>
        ×
      </button>
    </li>
  );
});
