// `lena mcp approve NAME --project DIR`: shows the whole entry first (command, arguments, env and
// header templates in full, every `${…}` reference and where its value comes from, risk flags),
// then grants references one by one and asks before it records anything. On a terminal it asks;
// without one, `--yes` is required. `--grant REF` / `--no-grant REF` decide references up front;
// `--yes` grants those left undecided. The approval is bound to the entry as shown.
import { createInterface } from 'node:readline';
import { entryHash } from '../core/mcp/config/identity';
import { approveCommand } from '../core/mcp/manager/approval-hold';
import { projectEntryRefusal } from '../core/mcp/config/project-entry-policy';
import {
  approvalRequest,
  describeApproval,
  type ApprovalRequest,
} from '../core/permissions/approval-request';
import { changeLine, shownFields } from '../core/permissions/approval-changes';
import type { EarlierDecision } from '../../shared/server-types';
import { flags, type ParsedArgs } from './args';
import { UsageError } from './errors';
import { terminalText } from './output';
import type { CliContext } from './context';

/** How the command talks to a person: whether someone can answer, and how a question is put. */
export interface PromptIo {
  interactive: boolean;
  ask(question: string): Promise<string>;
  close?(): void;
}

/**
 * A terminal on stdin (questions go to stderr, so `--json` keeps stdout clean). One reader for
 * every question, consumed line by line, so answers typed ahead are not lost.
 */
export function terminalIo(): PromptIo {
  let lines: AsyncIterator<string> | undefined;
  let rl: ReturnType<typeof createInterface> | undefined;
  return {
    interactive: process.stdin.isTTY === true,
    async ask(question) {
      rl ??= createInterface({ input: process.stdin, output: process.stderr, terminal: false });
      lines ??= rl[Symbol.asyncIterator]();
      // The question quotes the project's file (a name, a reference): made safe for the terminal.
      process.stderr.write(terminalText(question));
      const next = await lines.next();
      return next.done ? '' : next.value;
    },
    close: () => rl?.close(),
  };
}

const yes = (answer: string) => /^\s*y(es)?\s*$/i.test(answer);
/** `${secret:x}`, `${X}`, `secret:x` and `X` all name the same reference. */
const normalise = (ref: string) =>
  ref
    .trim()
    .replace(/^\$\{(.*)\}$/, '$1')
    .replace(/:-.*$/s, '');

/** Checks --grant / --no-grant names against the entry's references. */
function decidedUpFront(request: ApprovalRequest, args: ParsedArgs): Map<string, boolean> {
  const known = new Map(request.references.map((r) => [r.key, r]));
  const decided = new Map<string, boolean>();
  for (const [flag, grant] of [
    ['--grant', true],
    ['--no-grant', false],
  ] as const) {
    for (const raw of flags(args, flag)) {
      const key = normalise(raw);
      const ref = known.get(key);
      if (!ref) {
        const list = request.references.map((r) => r.key).join(', ');
        throw new UsageError(
          `${flag} ${raw}: "${request.name}" does not reference ${key}; ${list ? `it references ${list}` : 'it references no secrets or variables'}`,
        );
      }
      if (grant && ref.blocked)
        throw new UsageError(
          `--grant ${raw}: ${ref.blocked}; give the server its own key as \${secret:NAME}`,
        );
      if (decided.has(key) && decided.get(key) !== grant)
        throw new UsageError(`${key} is given to both --grant and --no-grant`);
      decided.set(key, grant);
    }
  }
  return decided;
}

/** "You approved an earlier version on DATE. Changed since:" and one line per change. */
function earlierText(earlier: EarlierDecision): string {
  const verb = earlier.decision === 'approved' ? 'approved' : 'rejected';
  const head = `You ${verb} an earlier version of this entry on ${earlier.at.slice(0, 10)}.`;
  if (earlier.changes === null)
    return `${head} What changed was not recorded then; review the whole entry below.`;
  if (earlier.changes.length === 0)
    return `${head} What changed is a masked credential or a field Lena does not show.`;
  return [`${head} Changed since:`, ...earlier.changes.map((c) => `  ${changeLine(c)}`), ''].join(
    '\n',
  );
}

async function findEntry(ctx: CliContext, name: string) {
  // ctx.config() reports a broken file with its position and exits non-zero.
  const config = await ctx.config();
  const server = config.servers.find((s) => s.name === name);
  if (!server || server.scope !== 'project' || !server.entry)
    throw new UsageError(`"${name}" is not a server of the project at ${ctx.projectDir}.`);
  return { entry: server.entry, shadowsUser: server.shadowed.some((s) => s.scope === 'user') };
}

export async function approveServer(
  ctx: CliContext,
  args: ParsedArgs,
  io: PromptIo = terminalIo(),
): Promise<number> {
  try {
    return await approveAsked(ctx, args, io);
  } finally {
    io.close?.();
  }
}

const USAGE =
  'usage: lena mcp approve NAME --project DIR [--grant REF]… [--no-grant REF]… [--no-sandbox] [--yes] [--reveal]';

// Long: the approval dialogue in order (show, grants, confirm, record), over one entry.
async function approveAsked(ctx: CliContext, args: ParsedArgs, io: PromptIo): Promise<number> {
  // Help never approves anything (issue 11).
  if (args.bools.has('--help') || args.bools.has('-h')) {
    ctx.out.info(
      `${USAGE}\n\nShows the project server's whole entry, asks for each \${…} reference it may receive, then asks\nbefore recording the approval. --yes approves and grants every reference not named by --no-grant\n(required without a terminal). Example: lena mcp approve notes --project . --grant secret:notes-token`,
    );
    return 0;
  }
  const [name] = args.positionals;
  const project = ctx.projectDir;
  if (!name || !project) throw new UsageError(USAGE);
  const { entry, shadowsUser } = await findEntry(ctx, name);
  const hash = entryHash(entry);
  const approvals = await ctx.approvals();
  const request = approvalRequest(name, entry, hash, {
    granted: await approvals.grants(project, name, hash),
    secrets: 'env',
    shadowsUser,
  });
  const decided = decidedUpFront(request, args);
  const sandboxOff = args.bools.has('--no-sandbox');
  if (sandboxOff && !request.sandbox?.optional)
    throw new UsageError(
      `--no-sandbox applies only to a local entry without a "sandbox" field; "${name}" ${request.sandbox ? 'sets its own' : 'is a remote server'}`,
    );
  const assumeYes = args.bools.has('--yes');
  const shown = shownFields(request);
  const earlier = approvals.earlierNow(project, name, hash, shown);
  if (earlier) ctx.out.info(earlierText(earlier));
  ctx.out.info(`${describeApproval(request, { reveal: args.bools.has('--reveal') })}\n`);
  if (!assumeYes && !io.interactive) {
    throw new UsageError(
      `nothing was approved: there is no terminal to confirm on. Read the entry above, then run again with --yes${request.references.length ? ' (--no-grant REF for any reference it must not receive)' : ''}`,
    );
  }
  const grants: string[] = [];
  for (const ref of request.references) {
    if (ref.blocked) continue;
    const up = decided.get(ref.key);
    const grant =
      up ??
      (assumeYes
        ? true
        : yes(await io.ask(`Grant ${ref.token} (from ${ref.source}) to "${name}"? [y/N] `)));
    if (grant) grants.push(ref.key);
  }
  if (
    !assumeYes &&
    !yes(
      await io.ask(
        `Approve "${name}" for ${project}${grants.length ? ` with ${grants.join(', ')}` : ''}${sandboxOff ? ', without the sandbox' : ''}? [y/N] `,
      ),
    )
  ) {
    ctx.out.warn('Not approved; nothing was recorded.');
    if (ctx.out.json) ctx.out.result({ approved: null });
    return 1;
  }
  // The decision is for the entry that was shown: if the file changed meanwhile, it must be read again.
  if (entryHash((await findEntry(ctx, name)).entry) !== hash)
    throw new UsageError(
      `the entry for "${name}" changed while you were reading it; run the command again to review the new one`,
    );
  await approvals.approve(project, name, hash, new Date(), grants, shown, sandboxOff);
  const withheld = request.references.filter((r) => !grants.includes(r.key));
  if (ctx.out.json) {
    ctx.out.result({
      approved: {
        name,
        project,
        entryHash: hash,
        grants,
        notGranted: withheld.map((r) => r.key),
        request,
      },
    });
  } else {
    ctx.out.info(
      `Approved "${name}" for ${project}${grants.length ? `, granted ${grants.join(', ')}` : ''}.`,
    );
    const blocked = withheld.filter((r) => r.blocked);
    const open = withheld.filter((r) => !r.blocked);
    if (open.length)
      ctx.out.warn(
        `It will not start while it references what it was not granted (${open.map((r) => r.token).join(', ')}). To grant: ${approveCommand(
          name,
          project,
          open.map((r) => r.key),
        )}`,
      );
    if (blocked.length)
      ctx.out.warn(
        `It will not start: it references your Anthropic API key (${blocked.map((r) => r.token).join(', ')}), which Lena never passes to a server; give it its own key as \${secret:NAME}.`,
      );
  }
  const refusal = projectEntryRefusal(entry);
  if (refusal) ctx.out.warn(`It will not start from the project: it ${refusal}.`);
  return 0;
}
