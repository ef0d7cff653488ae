// elicitation/create: a form built from the server's schema (defaults applied, SEP-1034; the
// answer validated before it is sent), or an address to open in the system browser once the user
// agrees. accept / decline / cancel are the specification's three actions.
import { parseRequestedSchema, validateForm } from '../../../../shared/elicitation-form';
import { ErrorCodes } from '../jsonrpc-types';
import { RequestHandlerError } from '../jsonrpc';
import type { InputContext } from '../client-features';
import type { AskCaps } from './caps';
import type { ElicitationPort } from './ports';

const invalid = (message: string) => new RequestHandlerError(ErrorCodes.InvalidParams, message);

/**
 * An address Lena may offer to open: https, or http on this machine (a local sign-in page).
 * Anything else (javascript:, file:, data:, http to another host) is refused with why.
 */
export function openableUrl(raw: unknown): { url: URL } | { refused: string } {
  if (typeof raw !== 'string' || raw === '') return { refused: 'the request has no url' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: `"${raw.slice(0, 200)}" is not a valid address` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) {
    if (url.username || url.password) return { refused: 'the address carries a user name or password' };
    return { url };
  }
  return { refused: `Lena opens only https addresses (or http on this computer), not ${url.protocol}//${url.host}` };
}

export function elicitationHandler(server: string, port: ElicitationPort, caps?: AskCaps) {
  return async (params: Record<string, unknown>, ctx: InputContext): Promise<Record<string, unknown>> => {
    const signal = ctx.signal ?? new AbortController().signal;
    const message = typeof params.message === 'string' ? params.message : '';
    const mode = params.mode ?? 'form';
    if (mode === 'url') {
      if (!port.url) throw invalid('Lena did not declare URL elicitation to this server; it cannot open addresses for it');
      const checked = openableUrl(params.url);
      if ('refused' in checked) throw invalid(`elicitation url refused: ${checked.refused}`);
      if (typeof params.elicitationId !== 'string' || params.elicitationId === '') throw invalid('a URL elicitation needs an elicitationId');
      const release = caps?.admitQuestion();
      try {
        const outcome = await port.url({ server, message, url: checked.url.href, origin: checked.url.origin, elicitationId: params.elicitationId }, signal);
        return { action: outcome.action };
      } finally {
        release?.();
      }
    }
    if (mode !== 'form') throw invalid(`unknown elicitation mode ${JSON.stringify(mode)} (Lena knows "form" and "url")`);
    if (!message) throw invalid('an elicitation needs a message saying what is asked and why');
    const parsed = parseRequestedSchema(params.requestedSchema);
    if (!parsed.ok) throw invalid(`Lena cannot show this form: ${parsed.message}`);
    const release = caps?.admitQuestion();
    let outcome;
    try {
      outcome = await port.form({ server, message, fields: parsed.fields, purpose: ctx.purpose || null }, signal);
    } finally {
      release?.();
    }
    if (outcome.action !== 'accept') return { action: outcome.action };
    const checked = validateForm(parsed.fields, outcome.values);
    if (!checked.ok) {
      // The window and the terminal validate as the user types; this is the last line before the wire.
      const [key, why] = Object.entries(checked.errors)[0];
      throw new RequestHandlerError(ErrorCodes.InternalError, `the answer to "${key}" ${why}; nothing was sent`);
    }
    return { action: 'accept', content: checked.content };
  };
}
