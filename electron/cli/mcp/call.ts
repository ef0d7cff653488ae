// `lena mcp call`: calls one tool of one server. Only that server starts. The tool is found
// through the registry (a qualified name shortened with a hash works too; the name is never
// split), the arguments are checked against its input schema as the chat does, and --timeout
// bounds the call. The call passes the permission gate the window's "run by hand" uses: the
// command is the user's approval (an ask rule does not stop it), but a deny rule refuses it.
import { readFile } from 'node:fs/promises';
import type { ContentBlock } from '../../../shared/mcp-types';
import { ERROR_CODE } from '../../../shared/result';
import { serverIdentity } from '../../core/host/wiring';
import { sanitizeNamePart } from '../../core/mcp/registry/names';
import type { Runtime } from '../../core/host/runtime';
import type { TaskView } from '../../core/mcp/tasks/task';
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
function candidatesFor(runtime: Runtime, qualified: string): string[] {
  return runtime.manager
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
const isQualified = (runtime: Runtime, first: string) =>
  first.startsWith('mcp__') && !runtime.manager.status(first);

/** Where the JSON arguments are among the positionals (read and checked before anything starts). */
const jsonSource = (runtime: Runtime, args: ParsedArgs) =>
  args.positionals[isQualified(runtime, args.positionals[0]) ? 1 : 2];

async function resolveTarget(runtime: Runtime, out: Output, args: ParsedArgs): Promise<Target> {
  const [first, second, third] = args.positionals;
  const progress = args.bools.has('--verbose') ? 'line' : 'none';
  if (!isQualified(runtime, first)) {
    if (second === undefined)
      throw new UsageError(
        'give the tool after the server: lena mcp call SERVER TOOL [JSON] (or a qualified name mcp__SERVER__TOOL)',
        'missing-argument',
      );
    const status = requireServer(runtime, first);
    const [started] = await startServers(runtime, out, [first], progress);
    if ((started ?? status).status !== 'connected') throw notConnected(runtime, started ?? status);
    const name = runtime.registry.qualifiedName(first, second);
    if (!name) throw unknownTool(runtime, first, `"${first}" has no tool "${second}"`);
    return { server: first, qualifiedName: name };
  }
  if (third !== undefined)
    throw new UsageError(
      `unexpected argument "${third}": after a qualified name comes only the JSON arguments`,
      'extra-argument',
    );
  const candidates = candidatesFor(runtime, first);
  if (candidates.length === 0)
    throw new UsageError(
      `No configured server has a tool named ${first} ("lena mcp tools" lists them).`,
      'unknown-tool',
    );
  const statuses = await startServers(runtime, out, candidates, progress);
  const found = runtime.registry.resolve(first);
  if (!found) {
    const down = statuses.find((s) => s.status !== 'connected');
    if (down && candidates.length === 1) throw notConnected(runtime, down);
    throw unknownTool(runtime, candidates[0], `No tool is named ${first}`);
  }
  return { server: found.server, qualifiedName: found.qualifiedName };
}

/** The conversation a call is checked under: no chat's "allow for this conversation" applies to it. */
const BY_HAND_CONVERSATION = 'lena-mcp-call';

/** Refuses the call when a deny rule covers it (exit 7), naming the rule and how to lift it. */
function gate(runtime: Runtime, target: Target, input: Record<string, unknown>): void {
  const registered = runtime.registry.resolve(target.qualifiedName)!;
  const auth = runtime.permissions.authorizeByHand({
    conversationId: BY_HAND_CONVERSATION,
    qualifiedName: target.qualifiedName,
    serverName: target.server,
    toolName: registered.tool.name,
    identity: serverIdentity(runtime.manager, target.server),
    tool: registered.tool,
    arguments: input,
  });
  if (auth.outcome === 'allow') return;
  throw new CliError(
    ERROR_CODE.toolDenied,
    auth.message ?? `${target.qualifiedName} was denied (${auth.audit.decidedBy}).`,
    EXIT.denied,
    { decidedBy: auth.audit.decidedBy },
  );
}

function unknownTool(runtime: Runtime, server: string, what: string): UsageError {
  const names = runtime.registry.tools(server).map((t) => t.tool.name);
  return new UsageError(
    `${what}${names.length ? `; its tools: ${names.join(', ')}` : ''}. "lena mcp tools ${server}" shows them with their arguments.`,
    'unknown-tool',
  );
}

/** A content block as text: resources show their URI and name, binary blocks their type and size. */
export function blockText(block: ContentBlock): string {
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
    // The runtime starts no server; the arguments are read and checked before one starts.
    const runtime = await ctx.runtime();
    const input = await argumentsFrom(jsonSource(runtime, args));
    const target = await resolveTarget(runtime, ctx.out, args);
    gate(runtime, target, input);
    if (!args.bools.has('--no-validate')) {
      const check = await runtime.registry.validateArguments(target.qualifiedName, input);
      if (!check.ok)
        throw new UsageError(
          `${check.message} (send anyway with --no-validate)`,
          'invalid-arguments',
        );
    }
    const tool = runtime.registry.resolve(target.qualifiedName)!.tool.name;
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
      result = await runtime.manager.callTool(target.server, tool, input, {
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
