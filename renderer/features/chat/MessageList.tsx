// The conversation, virtualised: only the rows on screen exist in the DOM, so a 10,000-message
// conversation opens and scrolls like a short one. It follows new text unless the user scrolled up.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLena } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { ChatErrorNote } from './ChatErrorNote';
import { StopNote } from './StopNote';
import { MessageRow } from './MessageRow';
import { SystemCardView } from './SystemCardView';

// Long: virtualisation, scroll anchoring and the jump control share the same refs.
export function MessageList() {
  const count = useLena(chatSelectors.messageCount);
  const conversationId = useLena(chatSelectors.conversationId);
  const lastMessage = useLena(chatSelectors.lastMessage);
  const turnError = useLena(chatSelectors.turnError);
  const turnStop = useLena(chatSelectors.turnStop);
  const cards = useLena(chatSelectors.systemCards);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  // Kept stable between streamed frames: a new key function makes the virtualizer recompute every
  // row's position (10,000 key lookups) on each frame; it changes when the rows themselves can.
  const lastId = lastMessage?.id;
  const getItemKey = useCallback(
    (i: number) => useLena.getState().openChat.value?.messages[i]?.id ?? i,
    [conversationId, count, lastId],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 6,
    getItemKey,
  });

  // Opening a conversation starts at its end.
  useLayoutEffect(() => {
    // A search hit scrolls to its own message instead (below).
    if (useLena.getState().focusMessageId) return;
    stickToBottom.current = true;
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [conversationId]);

  useEffect(() => {
    const el = scrollRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [count, lastMessage, cards.length, turnError, turnStop]);

  // A search hit opens its conversation at the message that matched.
  const focusId = useLena(chatSelectors.focusWhenLoaded);
  useEffect(() => {
    if (!focusId || count === 0) return;
    const index =
      useLena.getState().openChat.value?.messages.findIndex((m) => m.id === focusId) ?? -1;
    if (index < 0) return;
    stickToBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    useLena.getState().clearFocusMessage();
  }, [focusId, count, virtualizer]);

  // Near the top of a long conversation, the page before it is fetched and put in front; the view
  // stays on the message the user was reading.
  const loadOlder = useCallback(async () => {
    const added = await useLena.getState().loadOlder();
    if (added > 0) virtualizer.scrollToIndex(added, { align: 'start' });
  }, [virtualizer]);

  // A search hit older than the loaded pages: fetch pages until it is there (the effect above scrolls).
  useEffect(() => {
    if (!focusId || count === 0) return;
    const chat = useLena.getState().openChat.value;
    if (chat?.hasOlder && !chat.messages.some((m) => m.id === focusId))
      void useLena.getState().loadOlder();
  }, [focusId, count]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (el.scrollTop < 400 && useLena.getState().openChat.value?.hasOlder) void loadOlder();
  };

  const items = virtualizer.getVirtualItems();
  const lastError = lastMessage?.error ?? null;
  const lastStop = lastMessage?.stop ?? null;
  return (
    // A stop of its own (the conversation scrolls, and may hold nothing focusable while streaming).
    <div
      className="messages"
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="message-scroller"
      tabIndex={0}
      role="region"
      aria-label="Conversation"
    >
      <div
        role="list"
        aria-label="Messages"
        className="message-list"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="virtual-row"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <MessageRow index={item.index} isLast={item.index === count - 1} />
          </div>
        ))}
      </div>
      {turnError && turnError.message !== lastError?.message && <ChatErrorNote error={turnError} />}
      {turnStop && turnStop.message !== lastStop?.message && <StopNote stop={turnStop} />}
      {cards.map((c) => (
        <SystemCardView key={c.id} card={c} />
      ))}
    </div>
  );
}
