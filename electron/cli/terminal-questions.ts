// `lena chat --interactive`: what servers ask (sampling, elicitation) as terminal prompts on
// stderr, one at a time, answered on stdin. Same rules as the window: nothing is sent without a
// yes, the safe answer is the default, a lasting "always" asks "Are you sure?", and the form is
// checked before it is sent. The answer text streams on stdout as usual. Everything shown passes
// terminalText: the questions quote the server's own words, labels and addresses.
import { createInterface, type Interface } from 'node:readline/promises';
import { SAFE_ANSWERS, type ClientAnswer } from '../../shared/client-questions';
import {
  initialValues,
  validateForm,
  type FormField,
  type FormValues,
} from '../../shared/elicitation-form';
import type { Asker } from '../core/host/feature-ports';
import { terminalText } from './output';
import { agentOfTool } from '../../shared/a2a';

type Body = Parameters<Asker['ask']>[0];

interface Io {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/** One value typed for a field, as the form holds it (undefined: left empty, the default applies). */
export function parseFieldInput(field: FormField, raw: string): FormValues[string] {
  const t = raw.trim();
  if (t === '') return undefined;
  switch (field.kind) {
    case 'text':
      return raw;
    case 'number':
      return Number(t);
    case 'boolean':
      return /^(y|yes|true|1)$/i.test(t)
        ? true
        : /^(n|no|false|0)$/i.test(t)
          ? false
          : (t as unknown as boolean);
    case 'select': {
      const n = Number(t);
      return Number.isInteger(n) && field.options[n - 1] ? field.options[n - 1].value : t;
    }
    case 'multi-select':
      return t.split(',').map((part) => {
        const n = Number(part.trim());
        return Number.isInteger(n) && field.options[n - 1]
          ? field.options[n - 1].value
          : part.trim();
      });
  }
}

function shownDefault(field: FormField): string {
  if (field.default === undefined) return '';
  return ` [${Array.isArray(field.default) ? field.default.join(', ') : String(field.default)}]`;
}

/** readline writes a question's prompt as given: it quotes server text, so it is made safe here. */
const question = (rl: Interface, text: string, signal: AbortSignal | undefined) =>
  rl.question(terminalText(text), { signal });

// Long: a branch per kind of question, sharing the asker's queue and terminal helpers.
export function terminalAsker(io: Io = { input: process.stdin, output: process.stderr }): Asker {
  let queue: Promise<unknown> = Promise.resolve();
  const say = (line = '') => io.output.write(terminalText(`${line}\n`));

  async function form(
    rl: Interface,
    q: Extract<Body, { kind: 'elicitation-form' }>,
    signal?: AbortSignal,
  ): Promise<ClientAnswer> {
    const who = q.from === 'agent' ? `The A2A agent ${q.server}` : q.server;
    say(`\n? ${who} asks for information${q.purpose ? ` (while working on ${q.purpose})` : ''}:`);
    say(`  “${q.message}” (the ${q.from === 'agent' ? 'agent' : 'server'}'s own words)`);
    const secrets = q.fields.filter((f) => f.sensitive);
    if (secrets.length > 0)
      say(
        `  ⚠ ${secrets.map((f) => f.label).join(', ')} look(s) like a password, token or key; servers must not ask for secrets this way.`,
      );
    const first = (
      await question(
        rl,
        '  Answer the form? [y]es / [d]ecline / [c]ancel (default: cancel): ',
        signal,
      )
    )
      .trim()
      .toLowerCase();
    if (first.startsWith('d')) return { action: 'decline' };
    if (!first.startsWith('y')) return { action: 'cancel' };
    const values: FormValues = initialValues(q.fields);
    for (const f of q.fields) {
      if (f.kind === 'select' || f.kind === 'multi-select')
        f.options.forEach((o, i) => say(`    ${i + 1}. ${o.label}`));
      for (;;) {
        const kind =
          f.kind === 'boolean'
            ? ' (y/n)'
            : f.kind === 'multi-select'
              ? ' (numbers, comma-separated)'
              : f.kind === 'select'
                ? ' (number)'
                : '';
        const raw = await question(
          rl,
          `  ${f.label}${f.required ? ' *' : ''}${f.description ? ` — ${f.description}` : ''}${kind}${shownDefault(f)}: `,
          signal,
        );
        const v = parseFieldInput(f, raw);
        const checked = validateForm([f], { [f.key]: v });
        if (checked.ok) {
          values[f.key] = v ?? values[f.key];
          break;
        }
        say(`    ${f.label} ${checked.errors[f.key]}`);
      }
    }
    return { action: 'accept', values };
  }

  // Long: a branch per body kind over one readline that must close in `finally`.
  async function one(body: Body, signal?: AbortSignal): Promise<ClientAnswer> {
    const rl = createInterface({ input: io.input, output: io.output, terminal: false });
    try {
      switch (body.kind) {
        case 'sampling-request': {
          say(
            `\n? ${body.server} asks to send a request to Claude (${body.model}, your key, up to ${body.draft.maxTokens} tokens):`,
          );
          if (body.modelPreferences) say(`  The server ${body.modelPreferences}.`);
          for (const n of body.notices) say(`  ! ${n}`);
          if (body.draft.systemPrompt) say(`  system: ${body.draft.systemPrompt}`);
          for (const m of body.draft.messages)
            say(
              `  ${m.role}: ${m.text}${m.attachments.length ? ` (+ ${m.attachments.join('; ')})` : ''}`,
            );
          const a = (
            await question(
              rl,
              '  Send it? [y]es / [n]o / [e]dit / [a]lways for this server (default: no): ',
              signal,
            )
          )
            .trim()
            .toLowerCase();
          if (a.startsWith('y')) return { action: 'approve' };
          if (a.startsWith('e')) return await editSampling(rl, body, say, signal);
          if (a.startsWith('a')) {
            const sure = (
              await question(
                rl,
                `  Every later request of ${body.server} will go to Claude without this review. Are you sure? [y/N]: `,
                signal,
              )
            )
              .trim()
              .toLowerCase();
            return sure.startsWith('y') ? { action: 'approve', always: true } : { action: 'deny' };
          }
          return { action: 'deny' };
        }
        case 'sampling-answer': {
          const used = body.usage
            ? `, ${body.usage.input} input + ${body.usage.output} output tokens of your key`
            : '';
          say(
            `\n? Claude answered (${body.model}${body.stopReason ? `, ${body.stopReason}` : ''}${used}):\n${body.text}`,
          );
          const a = (await question(rl, `  Return this answer to ${body.server}? [y/N]: `, signal))
            .trim()
            .toLowerCase();
          return a.startsWith('y') ? { action: 'approve' } : { action: 'deny' };
        }
        case 'elicitation-form':
          return await form(rl, body, signal);
        case 'app-message':
          // The command line renders no views, so no view can ask; refuse rather than guess.
          return { action: 'deny' };
        case 'elicitation-url': {
          if (body.opened) {
            say(`  Waiting for ${body.server} to finish the step in the browser.`);
            return { action: 'accept' };
          }
          say(
            body.loopback
              ? `\n? ${body.server} asks you to open an address on THIS COMPUTER, ${body.origin} (not a website: whatever listens on that port gets it):`
              : `\n? ${body.server} asks you to open a page on ${body.origin}:`,
          );
          say(`  “${body.message}” (the server's own words)`);
          say(`  ${body.url}`);
          const a = (
            await question(rl, '  Open it? [y]es / [n]o / [c]ancel (default: cancel): ', signal)
          )
            .trim()
            .toLowerCase();
          return a.startsWith('y')
            ? { action: 'accept' }
            : a.startsWith('n')
              ? { action: 'decline' }
              : { action: 'cancel' };
        }
        case 'sign-in':
          // The terminal has its own sign-in command; a chat turn does not open a browser.
          say(
            agentOfTool(body.tool)
              ? `\n? Agent ${body.server} needs you to sign in before Lena delegates to it: use \`lena agents login ${body.server}\`, then ask again.`
              : `\n? ${body.server} needs you to sign in before ${body.tool} can run: use \`lena mcp login ${body.server}\`, then ask again.`,
          );
          return { action: 'cancel' };
      }
    } catch {
      return SAFE_ANSWERS[body.kind]; // aborted (the server gave up) or stdin closed
    } finally {
      rl.close();
    }
  }

  return {
    ask(body, opts = {}) {
      opts.onId?.(`terminal-${Date.now()}`);
      const next = queue.then(() =>
        opts.signal?.aborted ? SAFE_ANSWERS[body.kind] : one(body, opts.signal),
      );
      queue = next.catch(() => undefined);
      return next;
    },
    complete: () => undefined,
  };
}

/** The terminal cannot open a browser for the user: it prints the address to open. */
export async function printAddress(url: string): Promise<void> {
  process.stderr.write(terminalText(`  Open this address in your browser: ${url}\n`));
}

/**
 * The terminal's edit of a sampling request, as the window's form: each message's text, the system
 * prompt and the token limit, Enter keeping what is there; then the edited request is shown and
 * asked about once more (no is the default). Attachments are kept as they are.
 */
async function editSampling(
  rl: Interface,
  body: Extract<Body, { kind: 'sampling-request' }>,
  say: (text: string) => void,
  signal: AbortSignal | undefined,
): Promise<ClientAnswer> {
  const keep = async (label: string, current: string) => {
    const typed = await question(
      rl,
      `  ${label} [Enter keeps "${current.length > 60 ? `${current.slice(0, 57)}…` : current}"]: `,
      signal,
    );
    return typed.trim() === '' ? current : typed;
  };
  const messages = [];
  for (const [i, m] of body.draft.messages.entries())
    messages.push({ ...m, text: await keep(`message ${i + 1} (${m.role})`, m.text) });
  const systemPrompt = await keep('system prompt', body.draft.systemPrompt);
  let maxTokens = body.draft.maxTokens;
  for (;;) {
    const typed = (await keep('token limit', String(maxTokens))).trim();
    const n = Number(typed);
    if (Number.isInteger(n) && n > 0) {
      maxTokens = n;
      break;
    }
    say(
      `  "${typed}" is not a whole number of tokens above 0; type one, or Enter to keep ${maxTokens}.`,
    );
  }
  const draft = { systemPrompt, maxTokens, messages };
  say(`  Edited request (up to ${maxTokens} tokens):`);
  if (systemPrompt) say(`  system: ${systemPrompt}`);
  for (const m of messages) say(`  ${m.role}: ${m.text}`);
  const a = (await question(rl, '  Send the edited request? [y/N]: ', signal)).trim().toLowerCase();
  return a.startsWith('y') ? { action: 'approve', draft } : { action: 'deny' };
}
