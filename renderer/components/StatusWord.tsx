// A server's status as a coloured dot and a word (never colour alone).
import type { ServerStatusKind } from '../../shared/server-types';

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
