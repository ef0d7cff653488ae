// The asks service: every question Lena puts to the user and waits on. Tool permissions come from
// the permission broker; what servers ask (sampling, elicitation, sign-in, an App's message) from
// the question broker. Whoever can answer (the window) lists them and answers by id; where nobody
// can (the command line), none is raised and an answer is refused as unavailable.
import type { ClientAnswer, ClientQuestion } from '../../../../shared/client-questions';
import type { PermissionRequestView } from '../../../../shared/permission-types';
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { HostEvents } from '../events';
import type { Answer } from '../../permissions/types';
import { requestView, resolvedView } from '../../permissions/view';
import type { Runtime } from '../runtime';

type Parts = Pick<Runtime, 'broker' | 'questions'>;

export class AsksService {
  constructor(private readonly parts: Parts) {}

  /** Whether questions can be answered here (the window: yes; the command line: no). */
  get answerable(): boolean {
    return this.parts.broker !== null;
  }
  permissionRequests(): PermissionRequestView[] {
    return (this.parts.broker?.pending() ?? []).map(requestView);
  }
  answerPermission(id: string, answer: Answer): void {
    if (!this.parts.broker)
      throw new LenaError(ERROR_CODE.unavailable, 'No permission requests can be answered here.');
    this.parts.broker.answer(id, answer);
  }
  /** Each permission request as it is raised (the command line's terminal prompt). */
  onPermissionRequested(listener: (request: PermissionRequestView) => void): () => void {
    return this.parts.broker?.on('requested', (p) => listener(requestView(p))) ?? (() => undefined);
  }
  questions(): ClientQuestion[] {
    return this.parts.questions?.pending() ?? [];
  }
  answerQuestion(id: string, answer: ClientAnswer): void {
    if (!this.parts.questions)
      throw new LenaError(ERROR_CODE.unavailable, 'No server questions can be answered here.');
    this.parts.questions.answer(id, answer);
  }
  /** Ends every waiting question with its safe answer (quitting). */
  cancelAll(reason: string): void {
    this.parts.broker?.cancelAll(reason);
    this.parts.questions?.cancelAll();
  }
  /** Forwards every question and answer as the contract's events (the window). */
  forward(events: HostEvents): void {
    const broker = this.parts.broker;
    // Positions shift as requests come and go: the whole queue's views are sent.
    broker?.on('requested', () => {
      for (const pending of broker.pending())
        events.emit('permissions:requested', requestView(pending));
    });
    broker?.on('resolved', (event) => events.emit('permissions:resolved', resolvedView(event)));
    this.parts.questions?.on('requested', (q) => events.emit('questions:requested', q));
    this.parts.questions?.on('resolved', (event) => events.emit('questions:resolved', event));
  }
}
