// `lena chat`: where the prompt comes from (-p, the words after the command, or stdin with `-p -`
// or a pipe), which conversation the turn joins (--conversation ID, --continue: the most recent of
// any front end, else a new one), and how the user goes on afterwards (the conversation id and the
// command that continues it), and the files it carries (--file, read by core's rules).
import {
  attachmentTokens,
  attachmentsTokens,
  MAX_ATTACHMENTS,
} from '../../shared/chat/attachment-rules';
import type { Attachment } from '../../shared/chat/messages';
import { ERROR_CODE, LenaError } from '../../shared/result';
import { attachmentFromFile } from '../core/chat/file-attachment';
import type { ChatService } from '../core/host/services/chat';
import { flag, type ParsedArgs } from './args';
import { UsageError } from './errors';

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  input.setEncoding('utf8');
  for await (const chunk of input) text += chunk as string;
  return text;
}

/**
 * The message to send: `-p PROMPT`, the words after `chat`, or stdin read to its end with `-p -`
 * (or when nothing is given and stdin is a pipe or a file, as `echo hi | lena chat`).
 */
export async function promptOf(
  args: ParsedArgs,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  const given = flag(args, '--print') ?? args.positionals.join(' ');
  const fromStdin = given === '-' || (given.trim() === '' && stdin.isTTY !== true);
  if (fromStdin && args.bools.has('--interactive'))
    throw new UsageError(
      '--interactive answers questions on stdin, so the prompt cannot come from it: give it with -p "PROMPT"',
    );
  const prompt = fromStdin ? await readAll(stdin) : given;
  if (!prompt.trim())
    throw new UsageError(
      fromStdin
        ? 'stdin held no message: pipe one in (echo "…" | lena chat -p -) or give it with -p "PROMPT"'
        : 'give the message: lena chat -p "PROMPT"',
      'missing-argument',
    );
  return prompt;
}

/** --conversation ID, --continue (the most recently updated conversation, window's included), or a new one. */
export function conversationOf(
  args: ParsedArgs,
  chat: ChatService,
  projectDir: string | undefined,
): string {
  const id = flag(args, '--conversation');
  const last = args.bools.has('--continue');
  if (id && last)
    throw new UsageError(
      'give --conversation ID or --continue, not both (--continue takes the latest)',
    );
  if (id) return id;
  if (last) {
    const latest = chat.list()[0];
    if (!latest)
      throw new UsageError(
        'there is no conversation to continue yet: leave out --continue to start one',
      );
    return latest.id;
  }
  return chat.create(projectDir ?? null).id;
}

/** The end of human output's last line: the conversation, and the command that continues it. */
export function continueText(conversationId: string): string {
  return `conversation ${conversationId}; go on with: lena chat --continue -p "…" (or --conversation ${conversationId})`;
}

/** --file PATH…: each read and checked as the window does; the first refusal stops the command. */
export async function filesOf(paths: readonly string[]): Promise<Attachment[]> {
  if (paths.length > MAX_ATTACHMENTS)
    throw new UsageError(
      `${paths.length} files given; a message takes at most ${MAX_ATTACHMENTS}. Send them over several messages (lena chat --continue).`,
    );
  const out: Attachment[] = [];
  for (const path of paths) {
    try {
      out.push(await attachmentFromFile(path));
    } catch (err) {
      if (err instanceof LenaError)
        throw new UsageError(`--file ${err.message}`, ERROR_CODE.invalidArguments);
      throw err;
    }
  }
  return out;
}

const tokensText = (n: number | undefined) =>
  n === undefined ? 'cost unknown' : `≈${n.toLocaleString('en-US')} tokens`;

/** "attached report.pdf (3 pages, ≈6,900 tokens), … — ≈7,078 tokens in all" */
export function attachedLine(attachments: readonly Attachment[]): string {
  const each = attachments.map((a) => {
    const what =
      a.kind === 'pdf'
        ? `${a.pages} page${a.pages === 1 ? '' : 's'}`
        : a.kind === 'image'
          ? `${a.width}×${a.height}`
          : `${a.data.length.toLocaleString('en-US')} characters`;
    return `${a.name} (${what}, ${tokensText(attachmentTokens(a))})`;
  });
  const { tokens } = attachmentsTokens(attachments);
  return `attached ${each.join(', ')} — ${tokensText(tokens)} in all`;
}

/** --json: each file sent, with what was read from it and its estimated tokens (null: unknown). */
export function attachmentsSummary(attachments: readonly Attachment[]) {
  return attachments.map((a) => ({
    name: a.name,
    kind: a.kind,
    ...(a.pages ? { pages: a.pages } : {}),
    ...(a.width && a.height ? { width: a.width, height: a.height } : {}),
    tokens: attachmentTokens(a) ?? null,
  }));
}
