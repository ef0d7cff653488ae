// An inline error: what failed in plain words, the detail one click away, and the next action.
import type { ReactNode } from 'react';
import type { UiError } from '../store/result';

export interface ErrorNoteProps {
  title: string;
  error: UiError | { message: string; detail?: string; code?: string };
  children?: ReactNode;
}

/** Explains the "unavailable" code, which means this build's core does not offer the feature yet. */
export function explain(error: { message: string; code?: string }): string {
  if (error.code === 'unavailable') return `${error.message} This part of Lena’s core is not running, so nothing was changed.`;
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
