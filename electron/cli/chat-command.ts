// `lena chat -p "PROMPT"`: one turn of the same loop as the window, without the window (like
// `claude -p`). Streams the answer to stdout, applies stored rules plus --allow/--deny, and denies
// anything that would need a dialog, saying so. With --json, one object at the end.
import type { ChatEvent, ToolCallView } from '../../shared/chat-types';
import { createRuntime } from '../core/host/runtime';
import { pendingToolsNotice } from '../core/permissions/offered';
import { EnvSecretProvider } from '../core/store/secrets';
import { flag, flags, UsageError, type ParsedArgs } from './args';
import type { CliContext } from './context';

export async function chatCommand(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const prompt = flag(args, '-p', '--print') ?? args.positionals.join(' ');
  if (!prompt.trim()) throw new UsageError('usage: lena chat -p "PROMPT" [--conversation ID] [--allow RULE]… [--deny RULE]… [--model M]');
  const secrets = new EnvSecretProvider();
  if (!(await secrets.has('anthropic-api-key'))) {
    ctx.out.warn('lena: no API key: set ANTHROPIC_API_KEY (the command line cannot read the desktop app’s keychain).');
    if (ctx.out.json) ctx.out.result({ error: { message: 'no API key: set ANTHROPIC_API_KEY' } });
    return 1;
  }
  const calls = new Map<string, ToolCallView>();
  let text = '';
  const onEvent = (e: ChatEvent) => {
    if (e.type === 'text-delta') {
      text += e.text;
      if (!ctx.out.json) process.stdout.write(e.text);
    } else if (e.type === 'tool-call-updated') {
      calls.set(e.call.id, e.call);
      const c = e.call;
      if (c.status === 'running') ctx.out.warn(`\n◌ ${c.qualifiedName} ${JSON.stringify(c.input)}`);
      if (c.status === 'done') ctx.out.warn(`✓ ${c.qualifiedName} (${c.durationMs ?? 0} ms)`);
      if (c.status === 'error') ctx.out.warn(`✕ ${c.qualifiedName}: ${c.errorMessage}`);
      if (c.status === 'denied') ctx.out.warn(`⊘ ${c.qualifiedName} denied: ${c.decidedBy}${c.errorMessage ? `\n  ${c.errorMessage}` : ''}`);
    }
  };
  const rules = (list: string[]) => list.map((rule) => ({ rule }));
  const runtime = await createRuntime({
    paths: ctx.paths,
    sources: ctx.sources,
    secrets,
    interactive: false,
    cliRules: { allow: rules(flags(args, '--allow')), deny: rules(flags(args, '--deny')) },
    chatOverrides: flag(args, '--model') ? { model: flag(args, '--model') } : {},
    emit: onEvent,
    manager: { autoRestart: false },
  });
  try {
    await runtime.manager.start();
    // Tools left out because the user has not accepted them yet: the window's notice, said here.
    await runtime.manager.whenReady(10_000);
    for (const server of runtime.registry.servers()) {
      const note = pendingToolsNotice(server, runtime.permissions.availability(server, runtime.registry.tools(server).map((t) => t.tool)));
      if (note) ctx.out.warn(`lena: ${note}`);
    }
    const store = runtime.conversations.store;
    const conversationId = flag(args, '--conversation') ?? store.create({ model: runtime.chatSettings().model, project: ctx.projectDir ?? null }).id;
    const outcome = await runtime.engine.send(conversationId, prompt).done;
    if (!ctx.out.json && text && !text.endsWith('\n')) process.stdout.write('\n');
    if (ctx.out.json) {
      ctx.out.result({
        conversationId,
        text,
        toolCalls: [...calls.values()].map((c) => ({ name: c.qualifiedName, input: c.input, isError: c.isError, decision: c.decidedBy })),
        usage: outcome.usage,
        stopReason: outcome.stopReason,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    }
    if (outcome.error) {
      ctx.out.warn(`lena: ${outcome.error.message}`);
      return 1;
    }
    return 0;
  } finally {
    await runtime.close();
  }
}
