// Which of a server's tools reach the model. A server's baseline is the tool set of its first
// listing after the user added, approved or trusted it, including changes until its tools were
// first offered to the model (the first start-up). After that, a tool that changed since the user
// accepted it, and a tool that appeared, stay out of the request's `tools` until the user accepts
// it: a server cannot swap or add what Claude is told it may use.
import type { ToolDefinition } from './types';

/** A server's baseline: open while it is still being taken, sealed once its tools were offered. */
export interface BaselineRecord {
  state: 'open' | 'sealed';
  /** When it was (re)opened: pins made since then belong to the baseline and may still follow changes. */
  openedAt: string;
  sealedAt?: string;
}

/** What the decision needs about one server, looked up by tool name. */
export interface AcceptanceFacts {
  /** Undefined for a server Lena has no record of (added before baselines existed): open from now. */
  baseline: BaselineRecord | undefined;
  /** The accepted (pinned) definition's hash and when it was pinned. */
  pin(tool: string): { hash: string; pinnedAt: string } | undefined;
  /** The hash of a definition the user rejected. */
  rejected(tool: string): string | undefined;
  hash(tool: ToolDefinition): string;
}

export type ToolStanding = 'offered' | 'changed' | 'new' | 'rejected';

export interface Availability {
  /** Sent to the model. */
  offered: ToolDefinition[];
  /** Changed since the user accepted it: left out until the change is accepted. */
  held: ToolDefinition[];
  /** Appeared after the baseline: left out until accepted. */
  new: ToolDefinition[];
  /** The user rejected this definition: left out, not asked about again. */
  rejected: ToolDefinition[];
  /** Offered as part of a baseline that is still open: to be pinned with it. */
  baseline: ToolDefinition[];
}

/** The standing of one tool (see `availability`). */
export function standing(
  facts: AcceptanceFacts,
  tool: ToolDefinition,
): { standing: ToolStanding; baseline: boolean } {
  const hash = facts.hash(tool);
  const pin = facts.pin(tool.name);
  const open = facts.baseline === undefined || facts.baseline.state === 'open';
  if (pin && pin.hash === hash) return { standing: 'offered', baseline: false };
  if (facts.rejected(tool.name) === hash) return { standing: 'rejected', baseline: false };
  if (pin) {
    // A change during the first start-up belongs to the baseline; an older acceptance stands.
    if (open && facts.baseline !== undefined && pin.pinnedAt >= facts.baseline.openedAt)
      return { standing: 'offered', baseline: true };
    return { standing: 'changed', baseline: false };
  }
  return open ? { standing: 'offered', baseline: true } : { standing: 'new', baseline: false };
}

/** Splits a server's listed tools into what is offered and what waits for the user. Pure. */
export function availability(
  facts: AcceptanceFacts,
  tools: readonly ToolDefinition[],
): Availability {
  const out: Availability = { offered: [], held: [], new: [], rejected: [], baseline: [] };
  for (const tool of tools) {
    const s = standing(facts, tool);
    if (s.baseline) out.baseline.push(tool);
    if (s.standing === 'offered') out.offered.push(tool);
    else if (s.standing === 'changed') out.held.push(tool);
    else out[s.standing].push(tool);
  }
  return out;
}
