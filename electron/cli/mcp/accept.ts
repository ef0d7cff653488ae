// `lena mcp accept NAME [TOOL]`: the terminal's review of tools held back from Claude (new since
// the server was approved, or changed since the user accepted them): each one's change is shown,
// field by field, then accepted, as on the server's page in the window. On a terminal each is
// asked about; elsewhere --yes accepts what was shown.
import { createInterface } from 'node:readline/promises';
import { registerCommand } from '../commands';
import { CliError, EXIT, UsageError } from '../errors';
import { heldTools, reviewHeld } from '../held-review';
import { connectOne } from './one-server';

registerCommand({
  path: ['mcp', 'accept'],
  summary: 'review and accept tools held back from Claude (new or changed)',
  usage: ['mcp accept NAME [TOOL] [--yes] [--project DIR | --config FILE]'],
  description:
    'A tool that appeared after the server was approved, or whose definition changed since you\naccepted it, is not offered to Claude until you accept it. This shows each one (the changed fields,\nbefore → after) and accepts it: on a terminal it asks for each, elsewhere --yes accepts all shown.',
  examples: ['lena mcp accept fs', 'lena mcp accept fs write_file --yes'],
  flags: [{ name: '--yes', alias: '-y', help: 'accept what is shown without asking' }],
  positionals: [
    { name: 'NAME', optional: false },
    { name: 'TOOL', optional: true },
  ],
  configFlags: true,
  async run(ctx, args) {
    const [name, only] = args.positionals;
    const { servers } = await ctx.services();
    await connectOne(servers, ctx.out, name);
    const waiting = heldTools(servers, name, only);
    if (only !== undefined && waiting.length === 0) {
      if (!servers.tool(name, only))
        throw new UsageError(
          `"${name}" has no tool named "${only}" (lena mcp tools ${name} lists them)`,
        );
      ctx.out.info(`${name} › ${only} is not held: Claude is offered it already.`);
      return EXIT.ok;
    }
    if (waiting.length === 0) {
      ctx.out.info(`${name}: no tool is held; every listed tool is offered to Claude.`);
      return EXIT.ok;
    }
    const ask = !args.bools.has('--yes') && process.stdin.isTTY === true;
    if (!ask && !args.bools.has('--yes')) {
      for (const p of waiting) ctx.out.info(`${name} › ${p.name} (${p.kind})`);
      throw new CliError(
        'confirmation-needed',
        `nothing was accepted: run it in a terminal to review each tool, or add --yes to accept ${waiting.length === 1 ? 'it' : `these ${waiting.length}`}`,
        EXIT.usage,
      );
    }
    const rl = ask
      ? createInterface({ input: process.stdin, output: process.stderr, terminal: false })
      : null;
    let accepted: string[];
    try {
      accepted = await reviewHeld(
        servers,
        ctx.out.info,
        name,
        waiting,
        rl ? (q) => rl.question(q) : undefined,
      );
    } finally {
      rl?.close();
    }
    if (ctx.out.json) ctx.out.result({ server: name, accepted });
    return EXIT.ok;
  },
});
