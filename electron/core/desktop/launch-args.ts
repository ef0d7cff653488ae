// What a launch of Lena asks for on its command line: a project folder to open, and MCP bundles
// (.mcpb, .dxt) to show the install sheet of (a double-click on a bundle file). Used for the first
// launch and for the argv a second launch hands over to the running instance.
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

export interface LaunchRequest {
  /** An existing directory to open as the project folder. */
  projectFolder?: string;
  /** Existing bundle files to open, in order. */
  bundles: string[];
  /** Arguments that were not used, with why (for the log; never shown as an error dialog). */
  ignored: { arg: string; reason: string }[];
}

export interface LaunchArgsOptions {
  /**
   * True when Electron runs an unpackaged app (`electron . …`, `process.defaultApp`): then argv[1]
   * is the app's own path, not something the user asked to open.
   */
  isDefaultApp?: boolean;
}

/**
 * Reads `argv` (the executable first, as Electron passes it) for a folder to open. Switches
 * (`--inspect`, Chromium's `--original-process-start-time=…`, macOS's `-psn_…`) are skipped;
 * relative paths resolve against `cwd`, the launching process's directory (for a second instance,
 * its own cwd, not ours); anything that is not an existing directory is refused. The last folder
 * given wins.
 */
export function parseLaunchArgs(
  argv: readonly string[],
  cwd: string,
  options: LaunchArgsOptions = {},
): LaunchRequest {
  const skip = options.isDefaultApp ? 2 : 1;
  const request: LaunchRequest = { bundles: [], ignored: [] };
  let switchesDone = false;
  for (const arg of argv.slice(skip)) {
    if (!switchesDone && arg === '--') {
      switchesDone = true;
      continue;
    }
    if (!switchesDone && arg.startsWith('-')) continue;
    if (arg.trim() === '') continue;
    const folder = isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg);
    if (isBundleFile(folder)) {
      const problem = fileProblem(folder);
      if (problem) request.ignored.push({ arg, reason: problem });
      else request.bundles.push(folder);
      continue;
    }
    const problem = directoryProblem(folder);
    if (problem) request.ignored.push({ arg, reason: problem });
    else request.projectFolder = folder;
  }
  return request;
}

/** A bundle file by its name: `.mcpb`, or `.dxt`, its old name. */
export const isBundleFile = (path: string): boolean => /\.(mcpb|dxt)$/i.test(path);

function fileProblem(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? undefined : `${path} is not a file`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code})`;
  }
}

function directoryProblem(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? undefined : `${path} is not a folder`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code})`;
  }
}
