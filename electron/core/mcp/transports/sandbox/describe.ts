// A sandbox policy in words, for the server page, the project approval, the permission question
// and `lena mcp doctor`: one sentence of what the server may do.
import type { SandboxPolicy } from '../../../../../shared/server-config';

/** What a policy lets the server do, in one sentence. */
export function describeSandbox(policy: true | SandboxPolicy): string {
  const own = policy === true ? {} : policy;
  const writes = own.filesystem?.allowWrite;
  const where = writes
    ? writes.length === 0
      ? 'only to a temporary folder of its own'
      : `only to ${writes.map((w) => (w === '.' ? 'its working folder' : w)).join(', ')} and a temporary folder of its own`
    : 'only to its working folder, its roots and a temporary folder of its own';
  const domains = own.network?.allowedDomains ?? [];
  const network = domains.length === 0 ? 'no network' : `network only to ${domains.join(', ')}`;
  return `can write ${where}; ${network}; cannot read your keys or Lena's home`;
}

/**
 * An entry's own policy with every list it sets in full: the sentence above, then the reads it
 * allows or denies, the writes it denies and the domains it refuses.
 */
export function describeSandboxInFull(policy: true | SandboxPolicy): string {
  const base = describeSandbox(policy);
  if (policy === true) return base;
  const fs = policy.filesystem ?? {};
  const extra: string[] = [];
  if (fs.allowRead?.length) extra.push(`may also read ${fs.allowRead.join(', ')}`);
  if (fs.denyRead?.length) extra.push(`cannot read ${fs.denyRead.join(', ')}`);
  if (fs.denyWrite?.length) extra.push(`cannot write ${fs.denyWrite.join(', ')}`);
  const denied = policy.network?.deniedDomains;
  if (denied?.length) extra.push(`never reaches ${denied.join(', ')}`);
  return [base, ...extra].join('; ');
}
