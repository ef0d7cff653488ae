// Why opening a link should be confirmed first: its text shows a different address than the one it
// opens (Markdown lets "[https://bank.example](https://evil.example)" look like the bank), its host
// could imitate another one (punycode), or its address came from a tool result (a tool, or a page a
// tool read, chose it). An empty list means the link opens without asking.

// Something in link text that reads as an address: "https://…", "www.…", "bank.example/login".
const ADDRESS_LIKE = /(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:\/[^\s)\]]*)?/giu;

function looseUrl(text: string): URL | null {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');
const normalised = (url: URL) =>
  `${bareHost(url.hostname)}${url.pathname.replace(/\/+$/, '')}${url.search}`;

/** The reasons to ask before opening `href` (already an allowed https URL) shown as `text`. */
export function linkRisks(
  href: string,
  text: string,
  toolResultTexts: readonly string[] = [],
): string[] {
  let target: URL;
  try {
    target = new URL(href);
  } catch {
    return ['The address could not be read.'];
  }
  const reasons: string[] = [];
  for (const match of text.matchAll(ADDRESS_LIKE)) {
    const shown = looseUrl(match[0]);
    if (!shown) continue;
    if (bareHost(shown.hostname) !== bareHost(target.hostname)) {
      reasons.push(
        `The link text shows “${match[0]}”, but the link opens a different site: ${target.hostname}.`,
      );
      break;
    }
    const hasPath = /\/[^/]/.test(match[0].replace(/^https?:\/\//i, ''));
    if (hasPath && normalised(shown) !== normalised(target)) {
      reasons.push(
        `The link text shows “${match[0]}”, but the link opens another address on that site.`,
      );
      break;
    }
  }
  if (target.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    reasons.push(
      `The site’s name (${target.hostname}) is written with international letters that can imitate another site’s name.`,
    );
  }
  const host = target.hostname.toLowerCase();
  if (toolResultTexts.some((t) => t.toLowerCase().includes(host))) {
    reasons.push(
      'The address came from a tool result: a tool (or a page it read) chose it, not Claude or you.',
    );
  }
  return reasons;
}

/** All text of the tool results in a conversation, where a link's host may have come from. */
export function toolResultTexts(
  toolCalls: Record<string, { result: unknown }>,
  messages: readonly { content: readonly { type: string }[] }[],
): string[] {
  const texts: string[] = [];
  for (const call of Object.values(toolCalls))
    if (call.result !== null && call.result !== undefined) texts.push(JSON.stringify(call.result));
  for (const m of messages)
    for (const b of m.content) if (b.type === 'tool_result') texts.push(JSON.stringify(b));
  return texts;
}
