// `lena mcp resources SERVER`: the server's resources (every page) and resource templates, with
// their URIs, names and types; --json prints them as the server sent them.
import { plural } from '../output';
import { entry, registerOfferingsList } from './offerings-list';

/** "URI  name  (type)": a resource and a template read alike. */
const heading = (address: string, o: { name: string; title?: string; mimeType?: string }) =>
  `${address}  ${o.title ?? o.name}${o.mimeType ? `  (${o.mimeType})` : ''}`;

registerOfferingsList({
  word: 'resources',
  summary: "a server's resources and resource templates",
  usage: ['mcp resources SERVER [--project DIR | --config FILE] [--json]'],
  description:
    'Lists every resource (all pages) by URI, with its name, MIME type and description, then the\nresource templates ("lena mcp read SERVER URI" reads one). Only that server starts.',
  examples: [
    'lena mcp resources everything',
    "lena mcp resources everything --json | jq -r '.resources[].uri'",
  ],
  json: (found) => ({
    resources: found.resources,
    templates: found.templates,
    subscribe: found.subscribe,
    completions: found.completions,
  }),
  print(found, out) {
    for (const r of found.resources) entry(out, heading(r.uri, r), r.description);
    out.info(plural(found.resources.length, 'resource'));
    if (found.templates.length > 0) {
      out.info('');
      for (const t of found.templates) entry(out, heading(t.uriTemplate, t), t.description);
      out.info(plural(found.templates.length, 'resource template'));
    }
  },
});
