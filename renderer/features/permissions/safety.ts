// What a tool's annotations say about its safety, as one honest line for the permission question.
// The hints are the server's own words: from a server the user has not trusted they are said as
// unverified claims, the absence of hints is said as such, and only a tool that declares it may
// delete data is shown in red (danger). Other hints (idempotent, open-world) follow as plain words.
import type { ToolAnnotations } from '../../../shared/mcp-types';

/** Which of the safety line's cases applies. */
export type SafetyKind = 'deletes' | 'read-only' | 'changes' | 'keeps' | 'none';

export interface SafetyLine {
  kind: SafetyKind;
  /** The line itself, starting with a capital ("Says it is read-only (not verified: …)"). */
  text: string;
  /** Only `deletes` is shown as a danger (red). */
  danger: boolean;
  /** The other hints the server gave, in words ("open-world"), or an empty list. */
  also: string[];
}

const UNVERIFIED = ' (not verified: server not trusted)';

/** The safety line for a tool with `hints` from a server the user has (`trusted`) or has not trusted. */
export function safetyLine(hints: ToolAnnotations, trusted: boolean): SafetyLine {
  const claim = trusted ? '' : UNVERIFIED;
  const also = [
    ...(hints.idempotentHint ? ['idempotent'] : []),
    ...(hints.openWorldHint ? ['open-world (reaches outside this computer)'] : []),
  ];
  const line = (kind: SafetyKind, text: string): SafetyLine => ({
    kind,
    text,
    danger: kind === 'deletes',
    also,
  });
  if (hints.destructiveHint === true) return line('deletes', 'Declares it may delete data');
  if (hints.readOnlyHint === true) return line('read-only', `Says it is read-only${claim}`);
  if (hints.readOnlyHint === false)
    return hints.destructiveHint === false
      ? line('changes', `Says it changes data but deletes none${claim}`)
      : line('changes', 'Says it changes data, and not whether it deletes any');
  if (hints.destructiveHint === false)
    return line('keeps', `Says it deletes no data, and not whether it changes any${claim}`);
  return line('none', 'No safety information from the server');
}
