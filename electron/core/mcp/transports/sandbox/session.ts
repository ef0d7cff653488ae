// One sandbox session per process, shared by every sandboxed server it starts.
//
// `@anthropic-ai/sandbox-runtime` keeps one configuration and one filtering proxy per process.
// Lena runs it in its own process (the window's main process, or the `lena` command line) rather
// than in a helper Node program: the packaged app cannot start its own binary as Node (the
// `runAsNode` fuse is off), and a helper per server cost a process and ~40 MB each.
//
// Each server still gets its own policy. Its filesystem lists travel with its wrap (the library's
// per-command configuration), and its network allow list is registered under a random command id
// that only that server's proxy settings carry: the proxy lets a connection through only when
// the id it presents has the host on its list. The session's own lists allow nothing.
// The one thing the library cannot scope to a command is a denied domain: `deniedDomains` of any
// running server applies to every sandboxed server (stricter, never wider); the server page's
// notes say so.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SandboxRuntimeSettings } from './policy';
import { NOTICE_PREFIX, type SandboxNotice } from './notices';

/** The part of the library's manager this module uses. */
interface Manager {
  initialize(config: SandboxRuntimeSettings): Promise<void>;
  updateConfig(config: SandboxRuntimeSettings): void;
  checkDependencies(): { errors: string[]; warnings: string[] };
  getLinuxGlobPatternWarnings(): string[];
  registerCommandNetworkLists(id: string, lists: { allowedDomains: string[] }): void;
  unregisterCommandNetworkLists(id: string): void;
  wrapWithSandboxArgv(
    command: string,
    binShell: string | undefined,
    custom: Partial<SandboxRuntimeSettings>,
    signal: AbortSignal | undefined,
    cwd: string,
    options: { commandId: string; commandText: string },
  ): Promise<{ argv: string[] }>;
  cleanupAfterCommand(): void;
  reset(): Promise<void>;
  getSandboxViolationStore(): {
    getViolationsForCommand(id: string): { line: string }[];
    subscribe(listener: () => void): () => void;
  };
}

/** One server's place in the session: its wrapped argv, its notices, and its release. */
export interface SandboxRun {
  argv: string[];
  /** Warnings the library gave when this server was wrapped, as notices. */
  warnings: SandboxNotice[];
  /** Delivers each connection the proxy refuses for this server, as a notice line. */
  onNotice(listener: (line: string) => void): void;
  /** Unregisters the server's allow list and clears its mount points; safe to call twice. */
  release(): void;
}

interface Live {
  seen: number;
  listeners: ((line: string) => void)[];
  denied: string[];
}

let session: Promise<Manager> | undefined;
/** A reset in progress: the next session starts after it, so two never overlap. */
let ending: Promise<void> = Promise.resolve();
const live = new Map<string, Live>();

const EMPTY: SandboxRuntimeSettings = {
  network: { allowedDomains: [], deniedDomains: [] },
  filesystem: { denyRead: [], allowRead: [], allowWrite: [], denyWrite: [] },
};

function sessionConfig(): SandboxRuntimeSettings {
  const denied = [...new Set([...live.values()].flatMap((l) => l.denied))];
  return { ...EMPTY, network: { allowedDomains: [], deniedDomains: denied } };
}

async function manager(): Promise<Manager> {
  session ??= (async () => {
    await ending;
    const { SandboxManager } = (await import(pathToFileURL(libraryFile()).href)) as {
      SandboxManager: Manager;
    };
    await SandboxManager.initialize(sessionConfig());
    SandboxManager.getSandboxViolationStore().subscribe(() => deliverViolations(SandboxManager));
    return SandboxManager;
  })().catch((e: unknown) => {
    session = undefined;
    throw e;
  });
  return session;
}

function deliverViolations(m: Manager): void {
  for (const [id, entry] of live) {
    const all = m.getSandboxViolationStore().getViolationsForCommand(id);
    const fresh = all.slice(entry.seen);
    entry.seen = all.length;
    for (const v of fresh) {
      const line = notice({ kind: 'violation', line: v.line });
      for (const l of entry.listeners) l(line);
    }
  }
}

/** A notice as the line the server's log keeps (notices.ts reads it back). */
export function notice(value: SandboxNotice): string {
  return `${NOTICE_PREFIX}${JSON.stringify(value)}\n`;
}

/**
 * Wraps `argv` for the sandbox with `settings`. The argv is quoted by the library's own quoting
 * (`;`, `$(…)` and quotes reach the server literally); the result runs through `/bin/bash -c`
 * only as the library's wrapper, with no host shell expanding the server's arguments.
 */
export async function wrapInSandbox(
  argv: string[],
  settings: SandboxRuntimeSettings,
  cwd: string,
  description: string,
): Promise<SandboxRun> {
  const id = randomBytes(16).toString('base64url');
  const entry: Live = { seen: 0, listeners: [], denied: settings.network.deniedDomains };
  // Counted as live before the session is awaited, so a server ending meanwhile does not stop
  // the session this one is about to use.
  live.set(id, entry);
  let m: Manager | undefined;
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    live.delete(id);
    m?.unregisterCommandNetworkLists(id);
    m?.cleanupAfterCommand();
    // The last sandboxed server is gone: stop the proxy and its bridges, so nothing of the
    // sandbox outlives its servers (and the command line can exit).
    if (live.size === 0 && session) {
      const ended = session;
      session = undefined;
      ending = ended.then((s) => s.reset()).catch(() => undefined);
    }
  };
  try {
    m = await manager();
    const check = m.checkDependencies();
    if (check.errors.length > 0) throw new Error(check.errors.join('; '));
    if (entry.denied.length > 0) m.updateConfig(sessionConfig());
    m.registerCommandNetworkLists(id, { allowedDomains: settings.network.allowedDomains });
    const quote = await quoter();
    const { argv: wrapped } = await m.wrapWithSandboxArgv(
      quote(argv),
      undefined,
      settings,
      undefined,
      cwd,
      { commandId: id, commandText: description },
    );
    const warnings = [...check.warnings, ...m.getLinuxGlobPatternWarnings()].map(
      (text): SandboxNotice => ({ kind: 'warning', text }),
    );
    return {
      argv: wrapped,
      warnings,
      onNotice: (listener) => entry.listeners.push(listener),
      release,
    };
  } catch (e) {
    release();
    throw e;
  }
}

let quoteFn: Promise<(args: string[]) => string> | undefined;
function quoter(): Promise<(args: string[]) => string> {
  quoteFn ??= (async () => {
    const path = join(dirname(libraryFile()), 'utils', 'shell-quote.js');
    const mod = (await import(pathToFileURL(path).href)) as { quote: (a: string[]) => string };
    return mod.quote;
  })();
  return quoteFn;
}

/**
 * The library's entry file. In the packaged app it is read from `app.asar.unpacked`
 * (electron-builder.yml unpacks it), so the helpers it runs by path are real files.
 */
export function libraryFile(resolved = require.resolve('@anthropic-ai/sandbox-runtime')): string {
  const unpacked = resolved.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== resolved && existsSync(unpacked) ? unpacked : resolved;
}
