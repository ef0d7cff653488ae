// An inline error: what failed in plain words, the detail one click away, and the next action.
import type { ReactNode } from 'react';
import type { ErrorAction } from '../../shared/result';
import type { UiError } from '../store/result';

export interface ErrorNoteProps {
  title: string;
  error: UiError | { message: string; detail?: string; code?: string; action?: ErrorAction };
  children?: ReactNode;
}

/**
 * The message, plus what its action says. Never guessed from the code: `unavailable` also means
 * "this build cannot update itself" or "could not read that file", where core is running fine.
 */
export function explain(error: { message: string; code?: string; action?: ErrorAction }): string {
  if (error.action === 'restart-lena') return `${error.message} This part of Lena’s core is not running, so nothing was changed; restart Lena to try again.`;
  return error.message;
}

export function ErrorNote({ title, error, children }: ErrorNoteProps) {
  return (
    <div className="error-note" role="alert">
      <div className="error-note-title">
        <span aria-hidden>✕</span> {title}
      </div>
      <p className="error-note-message">{explain(error)}</p>
      {error.detail && (
        <details>
          <summary>Details</summary>
          <pre className="mono detail-pre" tabIndex={0} role="region" aria-label="Error details">{error.detail}</pre>
        </details>
      )}
      {children && <div className="row">{children}</div>}
    </div>
  );
}
