// What one server may ask, bounded whatever the user answered before (sampling "always" included):
// sampling requests running at once, per tool call (over every input_required round, and on the
// 2025 wire while the call runs), the maxTokens each is sent with, the tokens of the user's key per
// day, and the questions waiting for the user at once. A request over a limit is refused with an
// error the server can read, and the same line goes to the server's log for the user.
import { RequestHandlerError } from '../jsonrpc';
import type { CallBudget, InputContext } from '../client-features';
import type { AskLimits, CapsPort, SamplingRequest } from './ports';

/** JSON-RPC error code of a request refused for a limit (the implementation-defined server-error range). */
export const ASK_LIMIT_REACHED = -32050;

/** A fresh count for one request (a tool call and all its rounds). */
export const newCallBudget = (): CallBudget => ({ sampling: 0 });

/** One server's counters. Each admit returns the release to call when the request is answered. */
export class AskCaps {
  private sampling = 0;
  private pending = 0;

  constructor(
    private readonly server: string,
    private readonly port: CapsPort,
  ) {}

  /** Admits a sampling request (lowering its maxTokens to the limits) or throws the refusal. */
  admitSampling(request: SamplingRequest, ctx: InputContext): () => void {
    const limits = this.port.limits();
    const what = ctx.purpose || 'one request';
    if (this.sampling >= limits.concurrentSampling) {
      this.refuse(
        `sampling request refused: ${this.server} already has ${this.sampling} sampling request(s) running, and Lena runs at most ${limits.concurrentSampling} at a time per server (setting askLimits.concurrentSampling)`,
      );
    }
    if (ctx.call && ctx.call.sampling >= limits.samplingPerCall) {
      this.refuse(
        `sampling request refused: ${this.server} already made ${ctx.call.sampling} sampling request(s) during ${what}, the most Lena allows per call (setting askLimits.samplingPerCall)`,
      );
    }
    const left = limits.samplingTokensPerDay - this.port.usedToday(this.server);
    if (left <= 0) {
      this.refuse(
        `sampling request refused: ${this.server} used its ${limits.samplingTokensPerDay} sampling tokens for today (setting askLimits.samplingTokensPerDay); it may ask again tomorrow`,
      );
    }
    this.checkPending(limits);
    const cap = Math.min(limits.samplingMaxTokens, left);
    if (request.maxTokens > cap) {
      const line = `maxTokens ${request.maxTokens}: lowered to ${cap}, the most Lena sends for a server's sampling request${cap < limits.samplingMaxTokens ? ' with what is left of its tokens for today' : ' (setting askLimits.samplingMaxTokens)'}`;
      request.omitted.push(line);
      this.port.note(this.server, `sampling request of ${this.server}: ${line}`);
      request.maxTokens = cap;
    }
    if (ctx.call) ctx.call.sampling += 1;
    this.sampling += 1;
    this.pending += 1;
    return once(() => {
      this.sampling -= 1;
      this.pending -= 1;
    });
  }

  /** Admits an elicitation (a form or a link to open) or throws the refusal. */
  admitQuestion(): () => void {
    this.checkPending(this.port.limits());
    this.pending += 1;
    return once(() => {
      this.pending -= 1;
    });
  }

  private checkPending(limits: AskLimits): void {
    if (this.pending >= limits.pendingQuestions) {
      this.refuse(
        `request declined: ${this.server} already has ${this.pending} question(s) waiting for the user, the most Lena shows at once per server (setting askLimits.pendingQuestions); ask again once they are answered`,
      );
    }
  }

  private refuse(line: string): never {
    this.port.note(this.server, line);
    throw new RequestHandlerError(ASK_LIMIT_REACHED, line);
  }
}

function once(f: () => void): () => void {
  let done = false;
  return () => {
    if (!done) f();
    done = true;
  };
}
