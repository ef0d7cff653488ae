// Domain types of the app itself (versions, home, logs), shared by core and renderer.

export interface AppInfo {
  name: string;
  version: string;
  electron: string | null;
  node: string;
  chromium: string | null;
  platform: string;
  /** Lena's home directory (`~/.lena` or `LENA_HOME`). */
  home: string;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  time: number;
  level: LogLevel;
  source: string;
  message: string;
}

/** Something the user should know from start-up (a database moved aside, a broken settings file). */
export interface AppNotice {
  level: 'info' | 'warn' | 'error';
  message: string;
}
