// `lena chat -p "PROMPT"`: one turn of the same loop as the window, without the window (like
// `claude -p`). Streams the answer to stdout, applies stored rules plus --allow/--deny, and denies
// anything that would need a dialog, saying so (with --interactive, it is asked at the terminal).
// With --json, one object at the end.
import { baseUrlProblem } from '../../shared/base-url';
import { ERROR_CODE } from '../../shared/result';
import type { ChatEvent } from '../../shared/chat/events';
import type { ToolCallView } from '../../shared/chat/tool-calls';
import { createInterface } from 'node:readline/promises';
import { meterLine } from '../../shared/chat/meter-text';
import { exitCodeFor } from '../core/chat/stop-reasons';
import { pendingToolsNotice } from '../core/permissions/offered';
import { unknownParameters } from '../core/permissions/rule-check';
import { parseCliRules } from '../core/permissions/scopes';
import { EnvSecretProvider } from '../core/store/secrets';
import { flag, flags } from './args';
import { printAddress, terminalAsker } from './terminal-questions';
import { registerCommand } from './commands';
import { AnswerText } from './answer-text';
import {
  attachedLine,
  attachmentsSummary,
  continueText,
  conversationOf,
  filesOf,
  promptOf,
} from './chat-session';
import { heldTools, reviewHeld } from './held-review';
import { terminalPermissions } from './terminal-permissions';
import { startWithDeadline, unavailableLines } from './server-start';
import { CliError, EXIT, UsageError } from './errors';

/** The engine's advice names the window's Settings; here the knobs are variables and flags. */
export function forCommandLine(message: string): string {
  return message
    .replace(/the base URL in Settings/g, 'ANTHROPIC_BASE_URL or --base-url')
    .replace(
      /(?:Check or replace|Add your Anthropic API key in Settings)[^.]*\./g,
      'Set ANTHROPIC_API_KEY to a valid key.',
    )
    .replace(
      /the key's permissions in Settings/g,
      'the permissions of the key in ANTHROPIC_API_KEY',
    )
    .replace(/\(the maximum set in Settings\)/g, "(the maximum in settings.json's maxRounds)")
    .replace(
      /Continue asks Claude to go on; raise "Max tokens per answer" in Settings for longer answers\./g,
      'lena chat --continue -p "go on" asks Claude to go on; raise maxTokens in settings.json for longer answers.',
    )
    .replace(/(?:Retry|Regenerate) asks again\./g, 'Run the command again to ask again.')
    .replace(
      /Send a message to let Claude continue\./g,
      'Run lena chat --continue -p "go on" to let Claude continue.',
    );
}

/**
 * The window's rule for where the API key may go (https, or plain http to this machine), applied
 * to --base-url (exit 2) and to ANTHROPIC_BASE_URL (exit 3) before anything starts or is sent.
 * settings.json's baseUrl passes the same rule when the file is read.
 */
function checkBaseUrl(flagValue: string | undefined): void {
  if (flagValue !== undefined) {
    const problem = baseUrlProblem(flagValue);
    if (problem)
      throw new UsageError(`--base-url ${flagValue}: ${problem}. Nothing was sent.`, 'invalid-url');
    return;
  }
  const fromEnv = process.env.ANTHROPIC_BASE_URL;
  const problem = fromEnv ? baseUrlProblem(fromEnv) : null;
  if (problem)
    throw new CliError(
      'invalid-url',
      `ANTHROPIC_BASE_URL=${fromEnv}: ${problem}. Nothing was sent; fix or unset the variable.`,
      EXIT.config,
    );
}

/** --start-timeout S: whole or decimal seconds, 0 to 600. */
function startTimeoutFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 600)
    throw new UsageError(
      `--start-timeout ${value}: give the seconds to wait for servers, from 0 to 600 (e.g. --start-timeout 5)`,
    );
  return n;
}

registerCommand({
  path: ['chat'],
  summary: 'one chat turn without the window (like claude -p)',
  usage: [
    'chat -p "PROMPT" [--file PATH]… [--conversation ID | --continue] [--start-timeout S] [--allow RULE]… [--ask RULE]… [--deny RULE]… [--model M] [--base-url URL] [--interactive] [--json]',
  ],
  description:
    'Uses the servers, rules and conversations of the window. A tool call that would need a dialog is\ndenied (say --allow RULE to let it run), or asked at the terminal with --interactive. A rule may hold conditions on the arguments, as in\nmcp__fs__write_file(path:~/notes/**): paths compare normalised (~, .., symlinks), and a malformed\nrule stops the command with its column and a corrected rule (exit 2). Such rules decide whether\nLena asks; they are not isolation: only a sandbox contains a hostile server. The key comes from ANTHROPIC_API_KEY; the API address from\n--base-url, else ANTHROPIC_BASE_URL, else settings.json. It must be https:// (plain http:// only to\nthis machine: localhost, 127.0.0.1, [::1]), or the key would cross the network in clear text: a\nrefused --base-url exits 2, a refused ANTHROPIC_BASE_URL exits 3, before anything is sent.',
  examples: [
    'lena chat -p "Summarise ~/notes/todo.md" --allow mcp__fs__read_text_file',
    'lena chat -p "Tidy my notes" --allow \'mcp__fs__write_file(path:~/notes/**)\'',
    'lena chat -p "And now in French" --conversation 3f2a… --json',
    'lena chat --continue -p "go on"',
    'git diff | lena chat -p -',
    'lena chat -p "What changed between these?" --file q1.pdf --file q2.pdf',
  ],
  flags: [
    {
      name: '--print',
      alias: '-p',
      value: 'PROMPT',
      help: 'the message to send; - reads it from stdin (so does a pipe with no -p)',
    },
    {
      name: '--file',
      value: 'PATH',
      repeat: true,
      help: 'attach a file, as the window does: an image, a PDF, or a code or text file (sent with its name); its token cost is said before the turn',
    },
    {
      name: '--conversation',
      value: 'ID',
      help: 'continue this conversation (default: a new one)',
    },
    {
      name: '--continue',
      alias: '-c',
      help: 'continue the most recent conversation (of the window or the command line)',
    },
    {
      name: '--allow',
      value: 'RULE',
      repeat: true,
      help: "allow tools matching RULE for this turn, e.g. mcp__fs__read_text_file, mcp__fs or 'mcp__fs__write_file(path:~/notes/**)'",
    },
    {
      name: '--ask',
      value: 'RULE',
      repeat: true,
      help: 'ask before tools matching RULE, whatever allows them (refused unless --interactive)',
    },
    { name: '--deny', value: 'RULE', repeat: true, help: 'deny tools matching RULE for this turn' },
    {
      name: '--model',
      value: 'MODEL',
      help: 'the model (default: settings.json, else Lena’s default)',
    },
    {
      name: '--base-url',
      value: 'URL',
      help: 'the Messages API address (default: ANTHROPIC_BASE_URL, else settings.json)',
    },
    {
      name: '--start-timeout',
      value: 'S',
      help: "seconds to wait for servers before the turn begins (default: settings.json's serverStartTimeout, 5); later ones join when ready",
    },
    {
      name: '--interactive',
      help: 'approve tool calls and answer what servers ask (sampling, forms, pages to open) at terminal prompts; needs a terminal on stdin',
    },
  ],
  positionals: [{ name: 'PROMPT', optional: true, variadic: true }],
  configFlags: true,
  // Long: `lena chat -p` step by step (prompt, runtime, turn, output), sharing its locals.
  async run(ctx, args) {
    const prompt = await promptOf(args);
    // Files are read and checked before anything starts: a refusal names the file (exit 2).
    const attachments = await filesOf(flags(args, '--file'));
    const baseUrl = flag(args, '--base-url');
    checkBaseUrl(baseUrl);
    if (!(await new EnvSecretProvider().has('anthropic-api-key'))) {
      throw new CliError(
        'no-api-key',
        'no API key: set ANTHROPIC_API_KEY (the command line cannot read the desktop app’s keychain).',
      );
    }
    const calls = new Map<string, ToolCallView>();
    // Only the answers kept reach stdout, with their paragraphs apart (answer-text.ts).
    const answer = new AnswerText({
      live: process.stdout.isTTY === true,
      write: (t) => ctx.out.stream(t),
      note: (t) => ctx.out.warn(t),
      retract: (shown, before) => ctx.out.unstream(shown, before),
    });
    const onEvent = (e: ChatEvent) => {
      if (e.type === 'text-delta') {
        answer.delta(e);
      } else if (e.type === 'message-saved') {
        answer.saved(e);
      } else if (e.type === 'tool-call-updated') {
        calls.set(e.call.id, e.call);
        const c = e.call;
        // The rule (or answer) that let the call run is named, as the window's card names it.
        if (c.status === 'running')
          ctx.out.warn(
            `\n◌ ${c.qualifiedName} ${JSON.stringify(c.input)}${c.decidedBy ? `\n  allowed: ${c.decidedBy}` : ''}`,
          );
        if (c.status === 'done') ctx.out.warn(`✓ ${c.qualifiedName} (${c.durationMs ?? 0} ms)`);
        if (c.status === 'error') ctx.out.warn(`✕ ${c.qualifiedName}: ${c.errorMessage}`);
        if (c.status === 'denied')
          ctx.out.warn(
            `⊘ ${c.qualifiedName} denied: ${c.decidedBy}${c.errorMessage ? `\n  ${c.errorMessage}` : ''}`,
          );
      }
    };
    // Without --interactive nobody can answer a server's question: sampling and elicitation are not
    // declared (servers see roots only), so they are declined.
    const interactive = args.bools.has('--interactive');
    if (interactive && !process.stdin.isTTY)
      throw new UsageError(
        '--interactive needs a terminal on stdin (it asks questions there); run it in a terminal, or leave it out',
        'not-a-terminal',
      );
    // A malformed rule stops the command (exit 2) with its column and a corrected rule.
    const cliRules = parseCliRules(
      flags(args, '--allow'),
      flags(args, '--deny'),
      flags(args, '--ask'),
    );
    const startTimeout = startTimeoutFlag(flag(args, '--start-timeout'));
    const model = flag(args, '--model');
    const { servers, chat, asks } = await ctx.services({
      cliRules,
      chatOverrides: { ...(model ? { model } : {}), ...(baseUrl ? { baseUrl } : {}) },
      emit: onEvent,
      // The servers are waited for below, within the start deadline; the turn does not wait again.
      serverWaitMs: 0,
      ...(interactive
        ? {
            // A person answers at the terminal: tool calls are asked through the broker too.
            interactive: true,
            features: { asker: terminalAsker() },
            openExternal: printAddress,
          }
        : {}),
    });
    const startReports = await startWithDeadline(
      servers,
      {
        stream: process.stderr,
        deadlineSeconds: startTimeout ?? servers.startTimeoutSeconds(),
        // The deadline counts from the command's start: the user waits at most that long.
        spentMs: process.uptime() * 1000,
      },
      (late) =>
        ctx.out.warn(`\nlena: ${late.name} is ready now; its tools join from the next round`),
    );
    for (const line of unavailableLines(startReports)) ctx.out.warn(line);
    // Tools left out because the user has not accepted them yet: with --interactive each is shown
    // and asked about here (as `lena mcp accept` does); what stays held is said as the window says.
    const review = interactive
      ? createInterface({ input: process.stdin, output: process.stderr, terminal: false })
      : null;
    try {
      for (const server of servers.withTools()) {
        const waiting = review ? heldTools(servers, server) : [];
        if (review && waiting.length > 0) {
          ctx.out.warn(`lena: ${server}: tools held back from Claude until you accept them`);
          await reviewHeld(servers, ctx.out.warn, server, waiting, (q) => review.question(q));
        }
        const note = pendingToolsNotice(
          server,
          servers.availability(server),
          `with \`lena mcp accept ${server}\``,
        );
        if (note) ctx.out.warn(`lena: ${note}`);
      }
    } finally {
      review?.close();
    }
    // A condition on a parameter the tool does not have never matches: said before the turn.
    const listed = servers.withTools().flatMap((server) =>
      servers.registered(server).map((t) => ({
        qualifiedName: t.qualifiedName,
        inputSchema: t.tool.inputSchema,
      })),
    );
    const scopes = [
      ['user', servers.userRules()],
      ['cli', cliRules],
    ] as const;
    for (const line of unknownParameters(scopes, listed)) ctx.out.warn(`lena: warning: ${line}`);
    const conversationId = conversationOf(args, chat, ctx.projectDir);
    const stopAsking = interactive ? terminalPermissions(asks) : undefined;
    if (attachments.length > 0 && !ctx.out.json) ctx.out.warn(`lena: ${attachedLine(attachments)}`);
    const outcome = await chat
      .send(conversationId, prompt, attachments)
      .done.finally(() => stopAsking?.());
    answer.end();
    const text = answer.text;
    ctx.out.stream(text && !text.endsWith('\n') ? '\n' : '', true);
    const error = outcome.error
      ? { ...outcome.error, message: forCommandLine(outcome.error.message) }
      : undefined;
    const stop = outcome.stop
      ? { ...outcome.stop, message: forCommandLine(outcome.stop.message) }
      : undefined;
    const meter = outcome.meter;
    const conversationMeter = meter ? chat.summary(conversationId).meter : undefined;
    if (ctx.out.json) {
      ctx.out.result({
        conversationId,
        text,
        ...(attachments.length > 0 ? { attachments: attachmentsSummary(attachments) } : {}),
        toolCalls: [...calls.values()].map((c) => ({
          name: c.qualifiedName,
          input: c.input,
          isError: c.isError,
          decision: c.decidedBy,
        })),
        usage: outcome.usage,
        // USD by the price table (settings may override); null when the model's price is unknown.
        cost: meter
          ? { usd: meter.costUsd, cacheSavingsUsd: meter.savingsUsd, model: meter.model }
          : null,
        turns: meter ? [{ ...meter }] : [],
        ...(conversationMeter ? { conversation: conversationMeter } : {}),
        servers: startReports,
        stopReason: outcome.stopReason,
        ...(error ? { error } : {}),
        ...(stop ? { stop } : {}),
      });
    }
    // An error, or a stop other than a finished answer, is said on stderr; exitCodeFor documents the codes.
    if (error) ctx.out.warn(`lena: ${error.message}`);
    if (stop) ctx.out.warn(`lena: ${stop.message}`);
    // The last line (stderr, so the answer on stdout stays clean): what the turn used and cost,
    // then the conversation and the command that continues it.
    if (!ctx.out.json)
      ctx.out.warn(
        `lena: ${meter ? `${meterLine(meter, conversationMeter)} · ` : ''}${continueText(conversationId)}`,
      );
    if (error?.code === ERROR_CODE.maxRounds) return EXIT.roundLimit;
    return exitCodeFor(error ?? null, stop ?? null);
  },
});
