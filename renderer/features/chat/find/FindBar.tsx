// Find in the open conversation (Ctrl/Cmd+F): matches are counted over the loaded messages ("3 of
// 12"), marked in the rows on screen, and Enter / Shift+Enter bring the next or previous one into
// view in the virtualised list. Escape closes the bar and gives focus back to the conversation.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useEscape } from '../../../components/use-escape';
import { useLena, useLenaActions } from '../../../store';
import { chatSelectors } from '../../../store/chat/selectors';
import { findMatches } from './find-matches';
import { useFindHighlights } from './use-find-highlights';

export const FIND_FIELD_ID = 'find-in-conversation';

export function FindBar() {
  const loaded = useLena(chatSelectors.messages);
  const hasOlder = useLena(chatSelectors.hasOlder);
  const { setFindOpen, revealMessage } = useLenaActions();
  const [query, setQuery] = useState('');
  const [at, setAt] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => findMatches(loaded ?? [], query), [loaded, query]);
  const current = matches.length ? matches[Math.min(at, matches.length - 1)] : null;
  useFindHighlights(query, current, true);

  useEffect(() => field.current?.focus(), []);
  // A new query starts from the first match.
  useEffect(() => setAt(0), [query]);
  useEffect(() => {
    if (current) revealMessage(current.messageId);
  }, [current?.messageId, current?.nth]);

  const close = () => {
    setFindOpen(false);
    document.querySelector<HTMLElement>('[data-testid="message-scroller"]')?.focus();
  };
  useEscape('form', close);
  const step = (by: number) => {
    if (matches.length)
      setAt((i) => (Math.min(i, matches.length - 1) + by + matches.length) % matches.length);
  };
  const count = !query.trim()
    ? ''
    : matches.length === 0
      ? 'No matches'
      : `${Math.min(at, matches.length - 1) + 1} of ${matches.length}`;
  return (
    <div className="find-bar" role="search" aria-label="Find in conversation">
      <input
        ref={field}
        id={FIND_FIELD_ID}
        type="search"
        placeholder="Find in conversation"
        aria-label="Find in conversation"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      />
      <span className="find-count muted small" role="status" aria-live="polite">
        {count}
        {hasOlder && query.trim() ? ' (loaded messages)' : ''}
      </span>
      <button
        className="ghost icon"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={matches.length === 0}
        onClick={() => step(-1)}
      >
        ↑
      </button>
      <button
        className="ghost icon"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={matches.length === 0}
        onClick={() => step(1)}
      >
        ↓
      </button>
      <button className="ghost icon" aria-label="Close find" title="Close (Escape)" onClick={close}>
        ×
      </button>
    </div>
  );
}
