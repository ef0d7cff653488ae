// The logs service: every server's traffic, stderr and connection notes as the Logs tab and
// `servers:logs` show them (views/protocol-log.ts), kept after a server stops until it is removed.
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { Runtime } from '../runtime';

type Parts = Pick<Runtime, 'logs' | 'manager'>;

export class LogsService {
  constructor(private readonly parts: Parts) {}

  /** A server configured now or one whose log is still kept; otherwise not-found. */
  private known(name: string): void {
    if (!this.parts.manager.session(name) && !this.parts.logs.has(name))
      throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
  }
  page(name: string, after = 0) {
    this.known(name);
    return this.parts.logs.log(name).page(name, after);
  }
  body(name: string, seq: number) {
    this.known(name);
    const body = this.parts.logs.log(name).body(seq);
    if (!body)
      throw new LenaError(
        ERROR_CODE.notFound,
        `Row ${seq} of ${name}'s log is no longer kept (the log keeps its last 2,000 rows or 10 MB); scroll to a newer row.`,
      );
    return body;
  }
  /** Lena's own line in a server's log (a run by hand, a refused request). */
  note(server: string, line: string): void {
    this.parts.logs.note(server, line);
  }
}
