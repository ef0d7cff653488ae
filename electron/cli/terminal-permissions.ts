// `lena chat --interactive`: tool calls the gate cannot decide alone are asked on the terminal,
// through the same broker and with the same answers as the window's dialog (once, this chat,
// always for this tool, always for this server when trusted, deny with a reason). One question at
// a time on stderr; an answer is a letter then Enter (no single key approves), whatever was typed
// before the question appeared is dropped, and Ctrl-C at a question denies that call. Returns the
// function that ends the asking (the command is done).
import { agentOfTool } from '../../shared/a2a';
import { createInterface } from 'node:readline';
import type { PermissionDecisionKind, PermissionRequestView } from '../../shared/permission-types';
import type { Answer } from '../core/permissions/types';
import { terminalText } from './output';

/** What the terminal needs of the asks service: the requests as they come, and the answer by id. */
export interface PermissionPort {
  onPermissionRequested(listener: (request: PermissionRequestView) => void): () => void;
  answerPermission(id: string, answer: Answer): void;
}

interface Io {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

const CHOICES: { key: string; kind: PermissionDecisionKind; label: string }[] = [
  { key: 'o', kind: 'allow-once', label: '[o]nce' },
  { key: 'c', kind: 'allow-conversation', label: '[c]hat (this conversation)' },
  { key: 'a', kind: 'always-allow-tool', label: '[a]lways this tool' },
  { key: 's', kind: 'always-allow-server', label: 'always this [s]erver' },
  { key: 'n', kind: 'deny', label: '[n]o (deny, with a reason)' },
  { key: 'x', kind: 'always-deny-tool', label: 'never this tool [x]' },
];

const FOLD = 160;
const PREVIEW_LINES = 6;

/** One argument, readably: short values whole, long text folded with its first lines shown. */
export function argumentLines(name: string, value: unknown): string[] {
  if (typeof value === 'string' && (value.length > FOLD || value.includes('\n'))) {
    const lines = value.split('\n');
    const shown = lines
      .slice(0, PREVIEW_LINES)
      .map((l) => `      │ ${l.length > FOLD ? `${l.slice(0, FOLD)}…` : l}`);
    const more =
      lines.length > PREVIEW_LINES
        ? [`      │ … ${lines.length - PREVIEW_LINES} more line(s)`]
        : [];
    return [
      `    ${name}: (${value.length} characters, ${lines.length} line(s))`,
      ...shown,
      ...more,
    ];
  }
  const json = JSON.stringify(value) ?? String(value);
  return [
    `    ${name}: ${json.length > FOLD ? `${json.slice(0, FOLD)}… (${json.length} characters)` : json}`,
  ];
}

/** The question as shown: tool, server, trust, the rule, each argument readably. */
export function describeRequest(r: PermissionRequestView): string[] {
  let args: unknown;
  try {
    args = JSON.parse(r.argumentsText);
  } catch {
    args = r.argumentsText;
  }
  const entries =
    args && typeof args === 'object' && !Array.isArray(args)
      ? Object.entries(args as Record<string, unknown>)
      : [['arguments', args] as const];
  return [
    '',
    agentOfTool(r.qualifiedName)
      ? `? Claude wants to delegate a task to the A2A agent ${r.tool} (${r.qualifiedName})${r.queueLength > 1 ? ` [${r.position} of ${r.queueLength}]` : ''}`
      : `? Claude wants to run ${r.tool} of the server ${r.server} (${r.qualifiedName})${r.queueLength > 1 ? ` [${r.position} of ${r.queueLength}]` : ''}`,
    agentOfTool(r.qualifiedName)
      ? `  a remote agent: it sees the message and may take minutes or ask you back · ${r.rule}`
      : `  ${r.hintsTrusted ? 'trusted server' : 'server not trusted (its hints are its own claims)'}${r.destructive ? ' · may modify or delete data' : ''} · ${r.rule}`,
    ...(r.held ? [`  ⚠ held: ${r.held.reason}`, ...r.held.changes.map((c) => `    ${c}`)] : []),
    ...(r.origin === 'view' ? ['  asked by the tool’s view, not by Claude'] : []),
    '  arguments:',
    ...(entries.length ? entries.flatMap(([k, v]) => argumentLines(k, v)) : ['    (none)']),
  ];
}

// Long: the prompt loop (choice, confirmation, reason) shares one readline and the Ctrl-C hook.
export function terminalPermissions(
  port: PermissionPort,
  io: Io = { input: process.stdin, output: process.stderr },
): () => void {
  let queue: Promise<void> = Promise.resolve();
  const say = (line: string) => io.output.write(terminalText(`${line}\n`));
  // One reader for the whole command: a line typed while no question is open is dropped (it was
  // not an answer to a question not yet shown); within a question, lines wait for its prompts.
  const rl = createInterface({ input: io.input, terminal: false });
  let open = false;
  let ended = false;
  const lines: string[] = [];
  let waiting: ((line: string | null) => void) | undefined;
  rl.on('line', (l) => {
    if (!open) return;
    if (waiting) {
      const w = waiting;
      waiting = undefined;
      w(l);
    } else lines.push(l);
  });
  rl.on('close', () => {
    ended = true;
    waiting?.(null);
  });

  async function ask(r: PermissionRequestView): Promise<void> {
    for (const line of describeRequest(r)) say(line);
    const choices = CHOICES.filter((c) => r.offered.includes(c.kind));
    lines.length = 0;
    open = true;
    const next = (prompt: string) => {
      io.output.write(terminalText(prompt));
      return new Promise<string | null>((resolve) => {
        const l = lines.shift();
        if (l !== undefined) resolve(l);
        else if (ended) resolve(null);
        else waiting = resolve;
      });
    };
    // Ctrl-C at the question denies this call; the command's own handler is back afterwards.
    const saved = process.listeners('SIGINT');
    process.removeAllListeners('SIGINT');
    let interrupted = false;
    process.once('SIGINT', () => {
      interrupted = true;
      waiting?.(null);
    });
    const answer = async (): Promise<Answer> => {
      for (;;) {
        const typed = await next(
          `  ${choices.map((c) => c.label).join(' · ')}\n  type a letter, then Enter: `,
        );
        if (typed === null)
          return {
            kind: 'deny',
            reason: interrupted
              ? 'the user pressed Ctrl-C at the question'
              : 'no answer (stdin closed)',
          };
        const choice = choices.find((c) => c.key === typed.trim().toLowerCase());
        if (!choice) {
          say(`  "${typed.trim()}" is not one of the letters shown; nothing was decided.`);
          continue;
        }
        if (choice.kind === 'deny' || choice.kind === 'always-deny-tool') {
          const reason = (await next('  Reason, told to Claude (Enter for none): '))?.trim();
          return { kind: choice.kind, ...(reason ? { reason } : {}) };
        }
        if (r.needsConfirmation.includes(choice.kind)) {
          const what =
            choice.kind === 'always-allow-server' ? `every tool of ${r.server}` : r.qualifiedName;
          const sure = await next(`  ${what} will run without asking again. Are you sure? [y/N]: `);
          if (!sure?.trim().toLowerCase().startsWith('y')) continue;
          return { kind: choice.kind, confirmed: true };
        }
        return { kind: choice.kind };
      }
    };
    try {
      const a = await answer();
      say(`  → ${a.kind}${a.reason ? ` (${a.reason})` : ''}`);
      port.answerPermission(r.id, a);
    } catch (err) {
      // Answered elsewhere, timed out or stopped meanwhile: nothing left to decide.
      say(`  ${(err as Error).message}`);
    } finally {
      open = false;
      waiting = undefined;
      process.removeAllListeners('SIGINT');
      for (const l of saved) process.on('SIGINT', l as () => void);
    }
  }

  const unsubscribe = port.onPermissionRequested((r) => {
    queue = queue.then(() => ask(r)).catch(() => undefined);
  });
  // The command is done: no more questions, and stdin is let go (it would keep the process alive).
  return () => {
    unsubscribe();
    rl.close();
  };
}
