// A link in model text. Most open at once (outside the app, through main's checks); one whose text
// shows another address, whose site name could imitate another, or whose address came from a tool
// result asks first in the question frame, showing where it really goes.
import type { MouseEvent, ReactNode } from 'react';
import { linkRisks, toolResultTexts } from '../../lib/link-risk';
import { useLena } from '../../store';

export function GuardedLink({ href, children }: { href: string; children: ReactNode }) {
  const onOpen = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.type === 'auxclick' && e.button !== 1) return;
    const s = useLena.getState();
    const chat = s.openChat.value;
    const text = e.currentTarget.textContent ?? '';
    const reasons = linkRisks(
      href,
      text,
      chat ? toolResultTexts(chat.toolCalls, chat.messages) : [],
    );
    if (reasons.length === 0) return;
    e.preventDefault();
    void s.askToOpenLink({ href, text, reasons });
  };
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      title={href}
      onClick={onOpen}
      onAuxClick={onOpen}
    >
      {children}
    </a>
  );
}
