// The asks service: every question Lena puts to the user and waits on (tool permissions, and
// what servers ask: sampling, elicitation, sign-in, an App's message), in the one broker's queue.
// Whoever can answer (the window) lists them and answers by id; where nobody can (the command
// line), none is raised and an answer is refused as unavailable.
import type { AskView } from '../../../../shared/asks';
import type { ClientAnswer } from '../../../../shared/client-questions';
import type { PermissionRequestView } from '../../../../shared/permission-types';
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { HostEvents } from '../events';
import type { PendingAsk } from '../../permissions/broker';
import type { Answer } from '../../permissions/types';
import { requestView, resolvedView } from '../../permissions/view';
import type { Runtime } from '../runtime';

type Parts = Pick<Runtime, 'asks'>;

/** A waiting question as the window receives it. */
export function askView(ask: PendingAsk): AskView {
  return ask.kind === 'permission' ? { ...requestView(ask), kind: 'permission' } : ask;
}

export class AsksService {
  constructor(private readonly parts: Parts) {}

  /** Whether questions can be answered here (the window: yes; the command line: no). */
  get answerable(): boolean {
    return this.parts.asks !== null;
  }
  /** Everything waiting, oldest first. */
  pending(): AskView[] {
    return (this.parts.asks?.pending() ?? []).map(askView);
  }
  answerPermission(id: string, answer: Answer): void {
    this.broker().answer(id, answer);
  }
  /** Each permission request as it is raised (the command line's terminal prompt). */
  onPermissionRequested(listener: (request: PermissionRequestView) => void): () => void {
    return (
      this.parts.asks?.on('requested', (ask) => {
        if (ask.kind === 'permission') listener(requestView(ask));
      }) ?? (() => undefined)
    );
  }
  answerQuestion(id: string, answer: ClientAnswer): void {
    this.broker().answerQuestion(id, answer);
  }
  /** Ends every waiting question: permissions denied, server questions with their safe answer. */
  cancelAll(reason: string): void {
    this.parts.asks?.cancelAll(reason);
  }
  /** Forwards every question and how it ended as the contract's events (the window). */
  forward(events: HostEvents): void {
    this.parts.asks?.on('requested', (ask) => events.emit('asks:requested', askView(ask)));
    this.parts.asks?.on('resolved', (event) => events.emit('asks:resolved', resolvedView(event)));
  }

  private broker() {
    if (!this.parts.asks)
      throw new LenaError(ERROR_CODE.unavailable, 'No questions can be answered here.');
    return this.parts.asks;
  }
}
