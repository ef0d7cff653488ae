// `lena mcp prompt SERVER PROMPT [JSON]`: gets one prompt with its arguments (a JSON object of
// strings, as prompts/get takes them) and prints its messages, each under its role.
import { registerCommand, VERBOSE_FLAG } from '../commands';
import { EXIT, UsageError } from '../errors';
import { argumentsFrom, blockText } from './call';
import { connectOne, request } from './one-server';

registerCommand({
  path: ['mcp', 'prompt'],
  summary: 'get one prompt of a server, with its arguments',
  usage: ['mcp prompt SERVER PROMPT [JSON | @FILE | -] [--project DIR | --config FILE] [--json]'],
  description:
    'The arguments are a JSON object of strings (inline, @FILE or - for stdin); required ones\nare checked before anything is sent. Prints each message under its role.',
  examples: [
    'lena mcp prompt everything simple-prompt',
    'lena mcp prompt everything args-prompt \'{"city": "Lyon"}\' --json',
  ],
  flags: [VERBOSE_FLAG],
  positionals: [{ name: 'SERVER' }, { name: 'PROMPT' }, { name: 'JSON', optional: true }],
  configFlags: true,
  async run(ctx, args) {
    const { servers } = await ctx.services();
    const [server, name, json] = args.positionals;
    const input = await argumentsFrom(json);
    const nonString = Object.entries(input).filter(([, v]) => typeof v !== 'string');
    if (nonString.length > 0)
      throw new UsageError(
        `prompt arguments are strings; ${nonString.map(([k]) => `"${k}"`).join(', ')} ${nonString.length === 1 ? 'is' : 'are'} not (write "${nonString[0][0]}": "${String(nonString[0][1])}")`,
        'invalid-arguments',
      );
    await connectOne(servers, ctx.out, server, args.bools.has('--verbose'));
    const { prompts } = await request('list-failed', () => servers.offerings(server));
    const prompt = prompts.find((p) => p.name === name);
    if (!prompt)
      throw new UsageError(
        `"${server}" has no prompt "${name}"${prompts.length ? `; its prompts: ${prompts.map((p) => p.name).join(', ')}` : ''}. "lena mcp prompts ${server}" shows them.`,
        'unknown-prompt',
      );
    const missing = (prompt.arguments ?? [])
      .filter((a) => a.required && !(a.name in input))
      .map((a) => a.name);
    if (missing.length > 0)
      throw new UsageError(
        `"${name}" needs ${missing.map((m) => `"${m}"`).join(', ')}: e.g. lena mcp prompt ${server} ${name} '${JSON.stringify(Object.fromEntries(missing.map((m) => [m, '…'])))}'`,
        'missing-argument',
      );
    const result = await request('prompt-failed', () =>
      servers.getPrompt(server, name, input as Record<string, string>),
    );
    if (ctx.out.json) {
      ctx.out.result({
        server,
        prompt: name,
        description: result.description ?? null,
        messages: result.messages,
      });
      return EXIT.ok;
    }
    if (result.description) ctx.out.warn(result.description);
    for (const m of result.messages) ctx.out.info(`[${m.role}]\n${blockText(m.content)}`);
    return EXIT.ok;
  },
});
