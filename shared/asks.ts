// Everything Lena asks the user and waits on, as one queue crosses to the window: tool
// permissions and what servers ask (sampling, elicitation, sign-in, an App view's message). Core
// raises each with an id and a deadline (core/permissions/broker.ts); `asks:requested` brings it,
// `asks:resolved` takes it away however it ended, and the answer goes back by id.
import type { ClientQuestion } from './client-questions';
import type { PermissionRequestView } from './permission-types';

/** A tool-permission request in the queue. */
export type PermissionAskView = PermissionRequestView & { kind: 'permission' };

/** One waiting question, told apart by `kind`. */
export type AskView = PermissionAskView | ClientQuestion;

/** A question left the queue: answered (`decision` is the answer), timed out, cancelled or settled. */
export interface AskResolved {
  id: string;
  kind: AskView['kind'];
  /** The answer given (a permission's kind, a question's action), or why a permission request had none. */
  decision: string;
  by: 'user' | 'timeout' | 'cancelled' | 'settled' | 'completed';
}
