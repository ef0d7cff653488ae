// A server's status as a coloured dot and a word (never colour alone).
import { useEffect, useState } from 'react';
import type { ServerStatus, ServerStatusKind } from '../../shared/server-types';

const LOOK: Record<ServerStatusKind, { dot: string; word: string }> = {
  connected: { dot: 'green', word: 'Connected' },
  connecting: { dot: 'amber', word: 'Connecting' },
  'needs-approval': { dot: 'amber', word: 'Needs approval' },
  failed: { dot: 'red', word: 'Failed' },
  disabled: { dot: 'grey', word: 'Disabled' },
  skipped: { dot: 'grey', word: 'Skipped' },
};

export function statusWord(status: ServerStatusKind): string {
  return LOOK[status].word;
}

export function StatusWord({ status }: { status: ServerStatusKind }) {
  const look = LOOK[status];
  return (
    <span className="status-word" data-status={status}>
      <span className={`dot dot-${look.dot}`} aria-hidden />
      {look.word}
    </span>
  );
}

/**
 * A failed server that Lena restarts by itself: one status, "Restarting in N s" (amber), counting
 * down, in place of "Failed" (the cause is said by the error, not a second status).
 */
export function RestartingWord({ restart }: { restart: NonNullable<ServerStatus['restart']> }) {
  const left = () => Math.max(0, Math.ceil((restart.at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [restart.at]);
  return (
    <span
      className="status-word"
      data-status="restarting"
      title={`Automatic restart, attempt ${restart.attempt}`}
    >
      <span className="dot dot-amber" aria-hidden />
      {seconds > 0 ? `Restarting in ${seconds} s` : 'Restarting…'}
    </span>
  );
}
