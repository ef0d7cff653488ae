// `lena mcp read SERVER URI`: reads one resource. Text is printed as it is; a binary part is
// described (type and size) unless --json, which carries it base64 as the server sent it.
import { registerCommand, VERBOSE_FLAG } from '../commands';
import { EXIT } from '../errors';
import { connectOne, request } from './one-server';

registerCommand({
  path: ['mcp', 'read'],
  summary: 'read one resource of a server',
  usage: ['mcp read SERVER URI [--project DIR | --config FILE] [--json]'],
  description:
    'Prints the text of each part of the resource; binary parts are shown as their type and size\n(--json carries them base64). A template is read by filling it in: "lena mcp resources" lists them.',
  examples: [
    'lena mcp read everything demo://resource/static/document/architecture.md',
    'lena mcp read everything demo://resource/dynamic/blob/1 --json | jq -r .contents[0].blob | base64 -d',
  ],
  flags: [VERBOSE_FLAG],
  positionals: [{ name: 'SERVER' }, { name: 'URI' }],
  configFlags: true,
  async run(ctx, args) {
    const { servers } = await ctx.services();
    const [server, uri] = args.positionals;
    await connectOne(servers, ctx.out, server, args.bools.has('--verbose'));
    // The error names the server as configured, never by its transport's command line.
    const contents = await request('read-failed', () =>
      servers.readResource(server, uri).catch((err: unknown) => {
        throw new Error(
          `"${server}" could not read ${uri}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }),
    );
    if (ctx.out.json) {
      ctx.out.result({ server, uri, contents });
      return EXIT.ok;
    }
    for (const part of contents) {
      if (contents.length > 1)
        ctx.out.warn(`── ${part.uri}${part.mimeType ? ` (${part.mimeType})` : ''}`);
      if (typeof part.text === 'string') ctx.out.info(part.text);
      else if (typeof part.blob === 'string')
        ctx.out.info(
          `[binary ${part.mimeType ?? 'data'}, ${Math.floor((part.blob.length * 3) / 4)} bytes; --json carries it base64]`,
        );
      else ctx.out.info('[empty]');
    }
    return EXIT.ok;
  },
});
