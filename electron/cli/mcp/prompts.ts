// `lena mcp prompts SERVER`: the server's prompts with their descriptions and arguments
// ("name*" is required).
import { offerings } from '../../core/mcp/manager/offerings';
import { registerCommand } from '../commands';
import { EXIT } from '../errors';
import { indent, plural } from '../output';
import { clip, connectOne, request } from './one-server';

registerCommand({
  path: ['mcp', 'prompts'],
  summary: "a server's prompts and their arguments",
  usage: ['mcp prompts SERVER [--project DIR | --config FILE] [--json]'],
  description: 'Lists each prompt with its description and arguments (a * marks a required one);\n"lena mcp prompt SERVER PROMPT JSON" gets one. Only that server starts.',
  examples: ['lena mcp prompts everything', "lena mcp prompts everything --json | jq -r '.prompts[].name'"],
  flags: [],
  positionals: [{ name: 'SERVER' }],
  configFlags: true,
  async run(ctx, args) {
    const runtime = await ctx.runtime();
    const server = args.positionals[0];
    await connectOne(runtime, ctx.out, server);
    const { prompts } = await request('list-failed', () => offerings(runtime.manager, server));
    if (ctx.out.json) {
      ctx.out.result({ server, prompts });
      return EXIT.ok;
    }
    for (const p of prompts) {
      ctx.out.info(`${p.name}${p.title && p.title !== p.name ? `  (${p.title})` : ''}`);
      if (p.description) ctx.out.info(indent(clip(p.description.split('\n')[0], 160)));
      const argsText = (p.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ');
      ctx.out.info(indent(`arguments: ${argsText || 'none'}`));
    }
    ctx.out.info(plural(prompts.length, 'prompt'));
    return EXIT.ok;
  },
});
