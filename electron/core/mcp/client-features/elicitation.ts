// elicitation/create: a form built from the server's schema (defaults applied, SEP-1034; the
// answer validated before it is sent), or an address to open in the system browser once the user
// agrees. accept / decline / cancel are the specification's three actions.
import { parseRequestedSchema, validateForm } from '../../../../shared/elicitation-form';
import { openableUrl } from '../../../../shared/open-url';
import { ErrorCodes } from '../jsonrpc-types';
import { RequestHandlerError } from '../jsonrpc';
import type { InputContext } from '../client-features';
import type { AskCaps } from './caps';
import type { ElicitationPort } from './ports';

const invalid = (message: string) => new RequestHandlerError(ErrorCodes.InvalidParams, message);

/** Where a server runs, for what it may ask: remote is HTTP to a host that is not this computer. */
export interface ServerReach {
  remote: boolean;
  /** A line for the user (the server's overview and log) when Lena refuses what the server asked. */
  note?: (line: string) => void;
}

/**
 * elicitation/create. A link to this computer from a remote server is refused (the server reads
 * why; the user gets a line): a remote server has no page of its own on the user's ports, so such
 * a link can only aim the browser at whatever local service listens there. A local server's
 * loopback link (its own sign-in page) is asked, marked as a page on this computer.
 */
export function elicitationHandler(
  server: string,
  port: ElicitationPort,
  reach: ServerReach = { remote: false },
  caps?: AskCaps,
) {
  return async (
    params: Record<string, unknown>,
    ctx: InputContext,
  ): Promise<Record<string, unknown>> => {
    const signal = ctx.signal ?? new AbortController().signal;
    const about = ctx.conversationId === undefined ? {} : { conversationId: ctx.conversationId };
    const message = typeof params.message === 'string' ? params.message : '';
    const mode = params.mode ?? 'form';
    if (mode === 'url') {
      if (!port.url)
        throw invalid(
          'Lena did not declare URL elicitation to this server; it cannot open addresses for it',
        );
      const checked = openableUrl(params.url, { localHttp: true });
      if ('refused' in checked) throw invalid(`elicitation url refused: ${checked.refused}`);
      if (typeof params.elicitationId !== 'string' || params.elicitationId === '')
        throw invalid('a URL elicitation needs an elicitationId');
      if (checked.loopback && reach.remote) {
        reach.note?.(
          `Refused a link from ${server}: it asked you to open ${checked.url.origin}, an address on your own computer, but ${server} is a remote server. ` +
            'Lena does not offer links to this computer from remote servers; if you expected one, run the server locally.',
        );
        throw invalid(
          `elicitation url refused: ${checked.url.origin} is on the user's own computer (loopback) and this server is remote; Lena does not open loopback links for remote servers`,
        );
      }
      const release = caps?.admitQuestion();
      try {
        const outcome = await port.url(
          {
            server,
            message,
            url: checked.url.href,
            origin: checked.url.origin,
            loopback: checked.loopback,
            elicitationId: params.elicitationId,
            ...about,
          },
          signal,
        );
        return { action: outcome.action };
      } finally {
        release?.();
      }
    }
    if (mode !== 'form')
      throw invalid(
        `unknown elicitation mode ${JSON.stringify(mode)} (Lena knows "form" and "url")`,
      );
    if (!message) throw invalid('an elicitation needs a message saying what is asked and why');
    const parsed = parseRequestedSchema(params.requestedSchema);
    if (!parsed.ok) throw invalid(`Lena cannot show this form: ${parsed.message}`);
    const release = caps?.admitQuestion();
    let outcome;
    try {
      outcome = await port.form(
        { server, message, fields: parsed.fields, purpose: ctx.purpose || null, ...about },
        signal,
      );
    } finally {
      release?.();
    }
    if (outcome.action !== 'accept') return { action: outcome.action };
    const checked = validateForm(parsed.fields, outcome.values);
    if (!checked.ok) {
      // The window and the terminal validate as the user types; this is the last line before the wire.
      const [key, why] = Object.entries(checked.errors)[0];
      throw new RequestHandlerError(
        ErrorCodes.InternalError,
        `the answer to "${key}" ${why}; nothing was sent`,
      );
    }
    return { action: 'accept', content: checked.content };
  };
}
