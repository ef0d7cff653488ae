// An inline error: what failed in plain words, what to do, the detail one click away, and the
// next action. The one error note of the window: a body with more to show (a server's stderr
// lines) passes it in, rather than writing its own note.
import type { ReactNode } from 'react';
import type { ErrorInfo } from '../../shared/result';

/**
 * Core's ErrorInfo (shared/result.ts), with a server failure's hint of what to do; a message alone
 * for errors the window finds itself.
 */
export type NoteError = Pick<ErrorInfo, 'message'> & Partial<ErrorInfo> & { hint?: string };

export interface ErrorNoteProps {
  /** What did not work ("Settings not saved"); without one, the message itself is the title. */
  title?: string;
  error: NoteError;
  /** Shown after the message and hint, before the Details fold (a server's stderr lines). */
  more?: ReactNode;
  /** The buttons of the error's action (store-bound ones come from the feature that shows it). */
  children?: ReactNode;
  /** An extra class for where it is shown (`chat-error` under a conversation). */
  className?: string;
}

/**
 * The message, plus what its action says. Never guessed from the code: `unavailable` also means
 * "this build cannot update itself" or "could not read that file", where core is running fine.
 */
export function explain(error: NoteError): string {
  if (error.action === 'restart-lena')
    return `${error.message} This part of Lena’s core is not running, so nothing was changed; restart Lena to try again.`;
  return error.message;
}

/**
 * What the Details fold shows: core's detail, else the validation issues that came as data (one
 * line each, with the field's path), so a rejected call says which field was wrong.
 */
export function detailOf(error: NoteError): string | undefined {
  if (error.detail) return error.detail;
  const issues = error.data?.issues;
  if (!issues?.length) return undefined;
  return issues
    .map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`)
    .join('\n');
}

export function ErrorNote({ title, error, more, children, className }: ErrorNoteProps) {
  const detail = detailOf(error);
  return (
    <div
      className={className ? `error-note ${className}` : 'error-note'}
      role="alert"
      data-code={error.code}
    >
      <div className="error-note-title">
        <span aria-hidden>✕</span> {title ?? explain(error)}
      </div>
      {title !== undefined && error.message !== '' && (
        <p className="error-note-message">{explain(error)}</p>
      )}
      {error.hint && <p>{error.hint}</p>}
      {more}
      {detail && (
        <details>
          <summary>Details</summary>
          <pre className="mono detail-pre" tabIndex={0} role="group" aria-label="Error details">
            {detail}
          </pre>
        </details>
      )}
      {children && <div className="row">{children}</div>}
    </div>
  );
}
