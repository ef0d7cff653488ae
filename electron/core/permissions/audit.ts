// The decision record stored with each tool call, and the words it uses. The window shows these
// strings as they are, so they read as sentences: "asked: denied (not this folder)".
import type { Answer, AuditRecord } from './types';

export function auditRecord(
  decision: 'allow' | 'deny',
  decidedBy: string,
  now = new Date(),
): AuditRecord {
  return { decision, decidedBy, at: now.toISOString() };
}

/** Joins an answer to the rule that made Lena ask: "asked: allowed once · asked by rule ask …". */
export const ASKED_BY = ' · asked by ';

/**
 * How the user's answer reads in the audit; `held` prefixes answers to a changed definition,
 * `askedBy` names the ask rule that made Lena ask, if one did.
 */
export function answerText(
  answer: Answer,
  options: { held?: boolean; rule?: string; askedBy?: string } = {},
): string {
  const words = answerWords(answer, options);
  return options.askedBy ? `${words}${ASKED_BY}${options.askedBy}` : words;
}

function answerWords(answer: Answer, options: { held?: boolean; rule?: string }): string {
  const added = options.rule ? ` (added ${options.rule})` : '';
  const reason = answer.reason?.trim();
  const words: Record<Answer['kind'], string> = {
    'allow-once': 'asked: allowed once',
    'allow-conversation': 'asked: allowed for this conversation',
    deny: reason ? `asked: denied (${reason})` : 'asked: denied',
    'always-allow-tool': `asked: always allowed this tool${added}`,
    'always-allow-when': `asked: always allowed these arguments${added}`,
    'always-allow-server': `asked: always allowed this server${added}`,
    'always-deny-tool': `asked: always denied this tool${added}`,
  };
  return options.held ? `held: definition changed; ${words[answer.kind]}` : words[answer.kind];
}

/** The error text the model sees for a denied call: the user's reason when there is one. */
export function deniedResultText(
  qualifiedName: string,
  decidedBy: string,
  reason?: string,
): string {
  const why = reason?.trim() ? ` The user's reason: ${reason.trim()}` : '';
  return `Permission denied for ${qualifiedName} (${decidedBy}).${why}`;
}
