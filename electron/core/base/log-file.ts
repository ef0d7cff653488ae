// Lena's log file (logs/lena.log in its home): main-process events, server lifecycle and errors,
// one line each, rotated by size. Every line passes through redaction first, so secrets, tokens,
// credential headers and session ids never reach the disk.
import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LogEntry, LogLevel } from '../../../shared/app-types';
import { configuredSecrets, redact } from './redact';

export const LOG_MAX_BYTES = 5 * 1024 * 1024;
/** Files kept in all: lena.log plus lena.1.log … lena.4.log. */
export const LOG_MAX_FILES = 5;

const LEVELS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export interface RotatingLogOptions {
  dir: string;
  name?: string;
  maxBytes?: number;
  maxFiles?: number;
  minLevel?: LogLevel;
  /** The secret values known right now (the secret store's), redacted by value. */
  secrets?: () => readonly string[];
  /** Also told of every (redacted) entry: main forwards them to the window as `app:logged`. */
  onEntry?: (entry: LogEntry) => void;
}

export class RotatingLog {
  readonly file: string;
  private fd: number | undefined;
  private size = 0;
  private readonly maxBytes: number;
  private readonly maxFiles: number;

  constructor(private readonly options: RotatingLogOptions) {
    this.file = join(options.dir, options.name ?? 'lena.log');
    this.maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
    this.maxFiles = Math.max(1, options.maxFiles ?? LOG_MAX_FILES);
  }

  /**
   * Writes one entry synchronously (a crash right after must not lose it). A log that cannot be
   * written never breaks the caller: the entry still reaches `onEntry`.
   */
  write(level: LogLevel, source: string, message: string): void {
    if (LEVELS[level] < LEVELS[this.options.minLevel ?? 'info']) return;
    // Secret-store values are redacted however short (as whole tokens; issue 12 item 8).
    const text = redact(message, configuredSecrets(this.options.secrets?.() ?? []));
    const entry: LogEntry = { time: Date.now(), level, source, message: text };
    // Continuation lines are indented so each entry still starts with its timestamp.
    const line = `${new Date(entry.time).toISOString()} ${level.toUpperCase().padEnd(5)} [${source}] ${text.replace(/\r?\n/g, '\n    ')}\n`;
    try {
      this.append(Buffer.from(line, 'utf8'));
    } catch {
      // A full disk or a removed folder: keep running; the window still gets the entry.
    }
    this.options.onEntry?.(entry);
  }

  info(source: string, message: string): void {
    this.write('info', source, message);
  }

  warn(source: string, message: string): void {
    this.write('warn', source, message);
  }

  error(source: string, message: string, err?: unknown): void {
    this.write('error', source, err === undefined ? message : `${message}: ${describeError(err)}`);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private append(bytes: Buffer): void {
    if (this.fd === undefined) this.open();
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) {
      this.rotate();
      this.open();
    }
    writeSync(this.fd as number, bytes);
    this.size += bytes.length;
  }

  private open(): void {
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    const numbered = (i: number) =>
      join(this.options.dir, (this.options.name ?? 'lena.log').replace(/(\.log)?$/, `.${i}$1`));
    rmSync(numbered(this.maxFiles - 1), { force: true });
    for (let i = this.maxFiles - 2; i >= 1; i--) {
      try {
        renameSync(numbered(i), numbered(i + 1));
      } catch {
        // That generation does not exist yet.
      }
    }
    if (this.maxFiles > 1) renameSync(this.file, numbered(1));
    else rmSync(this.file, { force: true });
  }
}

/** An error as one log-friendly string: message plus the first stack frames. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frames = (err.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((l) => l.trim())
    .join(' | ');
  return frames ? `${err.message} (${frames})` : err.message;
}
