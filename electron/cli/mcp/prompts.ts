// `lena mcp prompts SERVER`: the server's prompts with their descriptions and arguments
// ("name*" is required).
import { indent, plural } from '../output';
import { entry, registerOfferingsList } from './offerings-list';

registerOfferingsList({
  word: 'prompts',
  summary: "a server's prompts and their arguments",
  usage: ['mcp prompts SERVER [--project DIR | --config FILE] [--json]'],
  description:
    'Lists each prompt with its description and arguments (a * marks a required one);\n"lena mcp prompt SERVER PROMPT JSON" gets one. Only that server starts.',
  examples: [
    'lena mcp prompts everything',
    "lena mcp prompts everything --json | jq -r '.prompts[].name'",
  ],
  json: ({ prompts }) => ({ prompts }),
  print({ prompts }, out) {
    for (const p of prompts) {
      entry(
        out,
        `${p.name}${p.title && p.title !== p.name ? `  (${p.title})` : ''}`,
        p.description,
      );
      const argsText = (p.arguments ?? [])
        .map((a) => `${a.name}${a.required ? '*' : ''}`)
        .join(', ');
      out.info(indent(`arguments: ${argsText || 'none'}`));
    }
    out.info(plural(prompts.length, 'prompt'));
  },
});
