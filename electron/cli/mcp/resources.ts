// `lena mcp resources SERVER`: the server's resources (every page) and resource templates, with
// their URIs, names and types; --json prints them as the server sent them.
import { offerings } from '../../core/mcp/manager/offerings';
import { registerCommand } from '../commands';
import { EXIT } from '../errors';
import { indent, plural } from '../output';
import { clip, connectOne, request } from './one-server';

registerCommand({
  path: ['mcp', 'resources'],
  summary: "a server's resources and resource templates",
  usage: ['mcp resources SERVER [--project DIR | --config FILE] [--json]'],
  description: 'Lists every resource (all pages) by URI, with its name, MIME type and description, then the\nresource templates ("lena mcp read SERVER URI" reads one). Only that server starts.',
  examples: ['lena mcp resources everything', "lena mcp resources everything --json | jq -r '.resources[].uri'"],
  flags: [],
  positionals: [{ name: 'SERVER' }],
  configFlags: true,
  async run(ctx, args) {
    const runtime = await ctx.runtime();
    const server = args.positionals[0];
    await connectOne(runtime, ctx.out, server);
    const found = await request('list-failed', () => offerings(runtime.manager, server));
    if (ctx.out.json) {
      ctx.out.result({ server, resources: found.resources, templates: found.templates, subscribe: found.subscribe, completions: found.completions });
      return EXIT.ok;
    }
    for (const r of found.resources) {
      ctx.out.info(`${r.uri}  ${r.title ?? r.name}${r.mimeType ? `  (${r.mimeType})` : ''}`);
      if (r.description) ctx.out.info(indent(clip(r.description.split('\n')[0], 160)));
    }
    ctx.out.info(plural(found.resources.length, 'resource'));
    if (found.templates.length > 0) {
      ctx.out.info('');
      for (const t of found.templates) {
        ctx.out.info(`${t.uriTemplate}  ${t.title ?? t.name}${t.mimeType ? `  (${t.mimeType})` : ''}`);
        if (t.description) ctx.out.info(indent(clip(t.description.split('\n')[0], 160)));
      }
      ctx.out.info(plural(found.templates.length, 'resource template'));
    }
    return EXIT.ok;
  },
});
