// `lena mcp call`: calls one tool of one server. Only that server starts. The tool is found
// through the registry (a qualified name shortened with a hash works too; the name is never
// split), the arguments are checked against its input schema as the chat does, and --timeout
// bounds the call. The call passes the permission gate the window's "run by hand" uses: the
// command is the user's approval (an ask rule does not stop it), but a deny rule refuses it.
import { readFile } from 'node:fs/promises';
import type { McpContentBlock } from '../../../shared/mcp-types';
import { ERROR_CODE } from '../../../shared/result';
import { sanitizeNamePart } from '../../core/mcp/registry/names';
import type { ServersService } from '../../core/host/services/servers';
import type { TaskView } from '../../core/mcp/tasks/task';
import type { Admission } from '../../core/permissions/tool-gate';
import { secondsFlag, type ParsedArgs } from '../args';
import { registerCommand, VERBOSE_FLAG } from '../commands';
import { CliError, EXIT, UsageError } from '../errors';
import type { Output } from '../output';
import { requireServer, startServers, notConnected } from './servers';

/** Reads the arguments: inline JSON, `@FILE`, or `-` for stdin. */
export async function argumentsFrom(source: string | undefined): Promise<Record<string, unknown>> {
  if (source === undefined) return {};
  let text = source;
  let where = 'the arguments';
  if (source === '-') {
    text = await readStdin();
    where = 'the arguments read from stdin';
  } else if (source.startsWith('@')) {
    const file = source.slice(1);
    text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(
        `cannot read the arguments file ${file}: ${err.code === 'ENOENT' ? 'it does not exist' : err.message}`,
        'invalid-json',
      );
    });
    where = `the arguments in ${file}`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${where} are not valid JSON: ${(e as Error).message}`, 'invalid-json');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(
      `${where} must be a JSON object, e.g. '{"path": "notes.md"}'`,
      'invalid-json',
    );
  return value as Record<string, unknown>;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The servers a qualified name can belong to: their `mcp__<server>__` prefix matches (shortened names included). */
function candidatesFor(servers: ServersService, qualified: string): string[] {
  return servers
    .statuses()
    .map((s) => s.name)
    .filter((name) => {
      const prefix = `mcp__${sanitizeNamePart(name)}__`;
      return (
        qualified.startsWith(prefix) ||
        (qualified.length >= 55 &&
          prefix.startsWith(qualified.slice(0, Math.min(prefix.length, 55))))
      );
    });
}

interface Target {
  server: string;
  qualifiedName: string;
}

/** `mcp__server__tool` rather than `SERVER TOOL` (a server may itself be named `mcp__…`). */
const isQualified = (servers: ServersService, first: string) =>
  first.startsWith('mcp__') && !servers.status(first);

/** Where the JSON arguments are among the positionals (read and checked before anything starts). */
const jsonSource = (servers: ServersService, args: ParsedArgs) =>
  args.positionals[isQualified(servers, args.positionals[0]) ? 1 : 2];

async function resolveTarget(
  servers: ServersService,
  out: Output,
  args: ParsedArgs,
): Promise<Target> {
  const [first, second, third] = args.positionals;
  const progress = args.bools.has('--verbose') ? 'line' : 'none';
  if (!isQualified(servers, first)) {
    if (second === undefined)
      throw new UsageError(
        'give the tool after the server: lena mcp call SERVER TOOL [JSON] (or a qualified name mcp__SERVER__TOOL)',
        'missing-argument',
      );
    const status = requireServer(servers, first);
    const [started] = await startServers(servers, out, [first], progress);
    if ((started ?? status).status !== 'connected') throw notConnected(servers, started ?? status);
    const name = servers.qualifiedName(first, second);
    if (!name) throw unknownTool(servers, first, `"${first}" has no tool "${second}"`);
    return { server: first, qualifiedName: name };
  }
  if (third !== undefined)
    throw new UsageError(
      `unexpected argument "${third}": after a qualified name comes only the JSON arguments`,
      'extra-argument',
    );
  const candidates = candidatesFor(servers, first);
  if (candidates.length === 0)
    throw new UsageError(
      `No configured server has a tool named ${first} ("lena mcp tools" lists them).`,
      'unknown-tool',
    );
  const statuses = await startServers(servers, out, candidates, progress);
  const found = servers.resolve(first);
  if (!found) {
    const down = statuses.find((s) => s.status !== 'connected');
    if (down && candidates.length === 1) throw notConnected(servers, down);
    throw unknownTool(servers, candidates[0], `No tool is named ${first}`);
  }
  return { server: found.server, qualifiedName: found.qualifiedName };
}

/** The conversation a call is checked under: no chat's "allow for this conversation" applies to it. */
const BY_HAND_CONVERSATION = 'lena-mcp-call';

/**
 * The call through the gate (origin 'cli'): refused when a deny rule covers it (exit 7), naming
 * the rule and how to lift it; otherwise the ticket that sends it.
 */
async function gate(
  servers: ServersService,
  target: Target,
  input: Record<string, unknown>,
): Promise<Admission> {
  const registered = servers.resolve(target.qualifiedName)!;
  const auth = await servers.admitByHand('cli', BY_HAND_CONVERSATION, registered, input);
  if (auth.outcome === 'allow') return auth;
  throw new CliError(ERROR_CODE.toolDenied, auth.message, EXIT.denied, {
    decidedBy: auth.audit.decidedBy,
  });
}

function unknownTool(servers: ServersService, server: string, what: string): UsageError {
  const names = servers.registered(server).map((t) => t.tool.name);
  return new UsageError(
    `${what}${names.length ? `; its tools: ${names.join(', ')}` : ''}. "lena mcp tools ${server}" shows them with their arguments.`,
    'unknown-tool',
  );
}

/** A content block as text: resources show their URI and name, binary blocks their type and size. */
export function blockText(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${Math.round((block.data.length * 3) / 4)} bytes]`;
    case 'resource_link':
      return `[resource link] ${block.title ?? block.name} <${block.uri}>${block.mimeType ? ` ${block.mimeType}` : ''}${block.description ? `\n  ${block.description}` : ''}`;
    case 'resource': {
      const r = block.resource;
      const head = `[resource] <${r.uri}>${r.mimeType ? ` ${r.mimeType}` : ''}`;
      return r.text !== undefined
        ? `${head}\n${r.text}`
        : `${head} (${r.blob ? `${Math.round((r.blob.length * 3) / 4)} bytes` : 'empty'})`;
    }
    default:
      return `[${(block as { type: string }).type}]`;
  }
}

registerCommand({
  path: ['mcp', 'call'],
  summary: 'call one tool of one server (only that server starts)',
  usage: [
    'mcp call SERVER TOOL [JSON | @FILE | -] [--timeout SECONDS] [--task] [--no-validate] [--json]',
    'mcp call QUALIFIED_NAME [JSON | @FILE | -] …',
  ],
  description:
    "The arguments are a JSON object: inline, from a file (@args.json) or from stdin (-). They are\nchecked against the tool's input schema before anything is sent, unless --no-validate.\nCalling a tool by hand is your approval of that one call, so an ask rule does not stop it, but a\ndeny rule always does (in Lena's settings.json or, with --project, the project's\n.lena/settings.json): the command then names the rule and exits with status 7.",
  examples: [
    'lena mcp call fs read_text_file \'{"path": "/tmp/notes.md"}\'',
    'lena mcp call mcp__fs__read_text_file @args.json --json',
    'echo \'{"text": "hi"}\' | lena mcp call everything echo - --timeout 10',
  ],
  flags: [
    VERBOSE_FLAG,
    {
      name: '--timeout',
      value: 'SECONDS',
      help: "give up on the call after this long (default: the entry's timeout, 60 s)",
    },
    {
      name: '--no-validate',
      help: "send the arguments even if they do not match the tool's input schema",
    },
    {
      name: '--task',
      help: 'ask the server to run the call as a task, when the tool allows it (taskSupport "optional"); its status is shown as it changes',
    },
  ],
  positionals: [
    { name: 'SERVER|QUALIFIED_NAME' },
    { name: 'TOOL', optional: true },
    { name: 'JSON', optional: true },
  ],
  configFlags: true,
  async run(ctx, args) {
    const timeout = secondsFlag(args, '--timeout');
    // The services start no server; the arguments are read and checked before one starts.
    const { servers } = await ctx.services();
    const input = await argumentsFrom(jsonSource(servers, args));
    const target = await resolveTarget(servers, ctx.out, args);
    const admitted = await gate(servers, target, input);
    if (!args.bools.has('--no-validate')) {
      const check = await servers.validateArguments(target.qualifiedName, input);
      if (!check.ok)
        throw new UsageError(
          `${check.message} (send anyway with --no-validate)`,
          'invalid-arguments',
        );
    }
    const started = Date.now();
    let result;
    try {
      const asTask = args.bools.has('--task')
        ? {
            asTask: true,
            onTask: (t: TaskView) =>
              ctx.out.warn(`task ${t.status}${t.statusMessage ? `: ${t.statusMessage}` : ''}`),
          }
        : {};
      result = await admitted.run({
        ...(timeout ? { timeoutMs: timeout * 1000 } : {}),
        ...asTask,
      });
    } catch (err) {
      throw new CliError(
        'call-failed',
        err instanceof Error ? err.message : String(err),
        EXIT.failed,
      );
    }
    const durationMs = Date.now() - started;
    if (ctx.out.json)
      ctx.out.result({
        tool: target.qualifiedName,
        isError: result.isError === true,
        content: result.content,
        structuredContent: result.structuredContent,
        durationMs,
      });
    else {
      for (const block of result.content) ctx.out.info(blockText(block));
      if (result.content.length === 0 && result.structuredContent)
        ctx.out.info(JSON.stringify(result.structuredContent, null, 2));
      if (result.isError) ctx.out.warn(`(the tool reported an error; ${durationMs} ms)`);
    }
    return result.isError ? EXIT.failed : EXIT.ok;
  },
});
