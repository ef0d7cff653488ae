// The one body of `lena mcp prompts SERVER` and `lena mcp resources SERVER`: both start only that
// server, list its offerings (every page) and print either one JSON object or plain lines. Each
// command says only what it picks from the offerings and how one entry reads.
import type { ServerOfferings } from '../../core/mcp/manager/offerings';
import { registerCommand, VERBOSE_FLAG, type CommandSpec } from '../commands';
import { EXIT } from '../errors';
import { indent, type Output } from '../output';
import { clip, connectOne, request } from './one-server';

export interface OfferingsListSpec extends Pick<
  CommandSpec,
  'summary' | 'usage' | 'description' | 'examples'
> {
  /** The word after `lena mcp`. */
  word: string;
  /** What --json prints after `server`, keys in this order. */
  json(found: ServerOfferings): Record<string, unknown>;
  /** The plain text: entries with `entry`, counts with out.info. */
  print(found: ServerOfferings, out: Output): void;
}

export function registerOfferingsList(spec: OfferingsListSpec): void {
  registerCommand({
    path: ['mcp', spec.word],
    summary: spec.summary,
    usage: spec.usage,
    description: spec.description,
    examples: spec.examples,
    flags: [VERBOSE_FLAG],
    positionals: [{ name: 'SERVER' }],
    configFlags: true,
    async run(ctx, args) {
      const { servers } = await ctx.services();
      const server = args.positionals[0];
      await connectOne(servers, ctx.out, server, args.bools.has('--verbose'));
      const found = await request('list-failed', () => servers.offerings(server));
      if (ctx.out.json) ctx.out.result({ server, ...spec.json(found) });
      else spec.print(found, ctx.out);
      return EXIT.ok;
    },
  });
}

/** One entry: its heading line, then the first line of its description (clipped) indented. */
export function entry(out: Output, heading: string, description: string | undefined): void {
  out.info(heading);
  if (description) out.info(indent(clip(description.split('\n')[0], 160)));
}
