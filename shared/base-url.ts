// Where the Anthropic API key may be sent: https anywhere, plain http only to this machine (a local
// proxy or gateway), since over http the key and the conversation cross the network in clear text.
import { z } from 'zod';

/** localhost, *.localhost, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address), as URL.hostname gives them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/** Why `url` cannot be the API's base URL, or null when it can. */
export function baseUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL; use https://… (or http://localhost:PORT for a proxy on this machine)`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:') {
    if (isLoopbackHost(parsed.hostname)) return null;
    return `plain http is allowed only for this machine (localhost, 127.0.0.1, [::1]): your API key would cross the network unencrypted. Use https://${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname} instead`;
  }
  return `the base URL must start with https:// (or http:// for localhost), not ${parsed.protocol}//`;
}

/** The settings field: null means ANTHROPIC_BASE_URL or Anthropic's own endpoint. */
export const baseUrlSchema = z
  .string()
  .trim()
  .superRefine((url, ctx) => {
    const problem = baseUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable();
