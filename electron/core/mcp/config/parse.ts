// Reads one `.mcp.json`-style file from disk. The text is parsed by shared/config/parse-text.ts,
// the very parser the window's JSON editor validates with.
import { readFile, stat } from 'node:fs/promises';
import type { ConfigIssue } from '../../../../shared/server-config';
import {
  parseConfigText as parseText,
  type ConfigParseResult,
} from '../../../../shared/config/parse-text';
import { misspeltFields } from './field-names';

export type {
  ConfigParseResult,
  ParsedConfig,
  ParsedServer,
} from '../../../../shared/config/parse-text';

/** Parses file text (shared with the window's editor), adding core's hints for misspelt fields. */
export const parseConfigWithHints = (text: string, file: string): ConfigParseResult =>
  parseText(text, file, misspeltFields);

/** Larger files are refused unread: a configuration is a few kilobytes, and the window edits it whole. */
export const MAX_CONFIG_BYTES = 5_000_000;

/** What reading a file found: missing is not an error (the scope is simply empty). */
export type ConfigFileRead =
  | { state: 'missing'; file: string }
  | { state: 'unreadable'; file: string; errors: ConfigIssue[] }
  | ({ state: 'parsed'; file: string } & ConfigParseResult);

/** Reads and parses a file; never throws. */
export async function readConfigFile(file: string): Promise<ConfigFileRead> {
  let text: string;
  try {
    const { size } = await stat(file);
    if (size > MAX_CONFIG_BYTES) {
      const message = `${file}: is ${size} bytes, too large for a server configuration (at most ${MAX_CONFIG_BYTES}); is this the right file?`;
      return { state: 'unreadable', file, errors: [{ file, message }] };
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'missing', file };
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied; check the file permissions'
        : code === 'EISDIR'
          ? 'it is a directory, not a file'
          : (error as Error).message;
    return {
      state: 'unreadable',
      file,
      errors: [{ file, message: `${file}: cannot be read: ${why}` }],
    };
  }
  return { state: 'parsed', file, ...parseConfigWithHints(text, file) };
}
