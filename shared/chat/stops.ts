// How a turn ended when it did not simply finish.

export interface ChatErrorInfo {
  kind:
    | 'auth'
    | 'rate-limit'
    | 'overloaded'
    | 'context'
    | 'network'
    | 'interrupted'
    | 'max-rounds'
    | 'api'
    | 'no-key'
    /** The turn ended for a reason other than a finished answer (stop reasons). */
    | 'refusal'
    | 'max-tokens'
    | 'stop-sequence'
    | 'paused'
    | 'unknown-stop';
  message: string;
  /** What the user can do: a button in the UI. */
  action?:
    | 'open-settings'
    | 'retry'
    | 'new-conversation-with-summary'
    | 'continue'
    | 'edit-or-switch-model';
  retryAfterSeconds?: number;
  /** This partial answer was replaced by a retry after the stream broke: shown, never sent again. */
  retried?: boolean;
  /** What the API said about the stop (a refusal's category and explanation, the stop sequence…). */
  details?: {
    category?: string | null;
    explanation?: string | null;
    stopSequence?: string | null;
    stopReason?: string;
    requestTokens?: number;
    limitTokens?: number;
  };
  /** Other ways out the window offers next to `action` (context overflow: drop old tool results). */
  alternatives?: Array<'new-conversation-with-summary' | 'drop-old-tool-results'>;
}
