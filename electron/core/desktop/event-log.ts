// Which host events become lines in Lena's log file: server lifecycle transitions (not every
// repeated status), errors the host reports, and project switches. Payload details that could be
// large or sensitive (stderr tails, entries, tool lists) stay out; the log redacts what remains.
import type { LogEntry, LogLevel } from '../../../shared/app-types';
import type { EventChannel } from '../../../shared/contract';
import type { ServerStatus } from '../../../shared/server-types';
import type { ProjectView } from '../../../shared/settings-types';

export interface LogLine {
  level: LogLevel;
  source: string;
  message: string;
}

export class EventLog {
  private readonly lastStatus = new Map<string, string>();

  /** The log line for a host event, or undefined when it is not worth a line. */
  line(event: EventChannel, payload: unknown): LogLine | undefined {
    switch (event) {
      case 'servers:status-changed':
        return this.serverLine(payload as ServerStatus);
      case 'app:logged': {
        const entry = payload as LogEntry;
        // Debug chatter from the host stays in the window's log view.
        return entry.level === 'debug'
          ? undefined
          : { level: entry.level, source: entry.source, message: entry.message };
      }
      case 'project:changed': {
        const view = payload as ProjectView;
        return {
          level: 'info',
          source: 'project',
          message: view.folder ? `Project folder: ${view.folder}` : 'No project folder',
        };
      }
      default:
        return undefined;
    }
  }

  private serverLine(status: ServerStatus): LogLine | undefined {
    const key = `${status.status}|${status.error?.message ?? ''}|${status.restarts}`;
    if (this.lastStatus.get(status.name) === key) return undefined;
    this.lastStatus.set(status.name, key);
    const who = `${status.name} (${status.scope}, ${status.transport ?? 'no transport'})`;
    switch (status.status) {
      case 'connected': {
        const info = status.serverInfo
          ? ` ${status.serverInfo.name} ${status.serverInfo.version}`
          : '';
        return {
          level: 'info',
          source: 'servers',
          message: `${who} connected${info}, protocol ${status.protocolVersion ?? '?'}, ${status.toolCount} tools, in ${status.connectMs ?? '?'} ms`,
        };
      }
      case 'failed':
        return {
          level: 'warn',
          source: 'servers',
          message: `${who} failed${status.restarts ? ` (restart ${status.restarts})` : ''}: ${status.error?.message ?? 'no reason given'}`,
        };
      case 'connecting':
        return {
          level: 'info',
          source: 'servers',
          message: `${who} starting${status.restarts ? ` (restart ${status.restarts})` : ''}`,
        };
      default:
        return {
          level: 'info',
          source: 'servers',
          message: `${who} ${status.status}${status.error ? `: ${status.error.message}` : ''}`,
        };
    }
  }
}
