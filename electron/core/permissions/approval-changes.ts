// What changed in a project entry since the user last decided on it. An approval keeps the entry
// as it was shown (field by field, credentials masked, never a secret in clear), so asking again
// can say "args[1]: "~/notes" → "~"" instead of showing the whole entry as if it were new.
import type { ApprovalFieldView, EntryChange } from '../../../shared/server-types';
import type { ApprovalRequest } from './approval-request';

/** Each field of a request as shown before Reveal: `where` → text, credentials masked. */
export function shownFields(request: ApprovalRequest): Record<string, string> {
  const text = (f: ApprovalFieldView) => f.masked ?? f.parts.map((p) => p.text).join('');
  const out: Record<string, string> = {};
  if (request.command !== undefined) out.command = request.command;
  if (request.cwd !== undefined) out.cwd = request.cwd;
  const fields = [
    ...request.argFields,
    ...request.env,
    ...request.headers,
    ...(request.urlField ? [request.urlField] : []),
    ...request.oauth,
    ...request.options,
    ...request.ignored,
  ];
  for (const f of fields) out[f.where] = text(f);
  return out;
}

/** The fields that differ between what was decided on and what waits now, in the new entry's order. */
export function entryChanges(
  before: Record<string, string>,
  after: Record<string, string>,
): EntryChange[] {
  const changes: EntryChange[] = [];
  for (const [where, now] of Object.entries(after)) {
    const was = before[where];
    if (was !== now) changes.push({ where, before: was ?? null, after: now });
  }
  for (const [where, was] of Object.entries(before))
    if (!(where in after)) changes.push({ where, before: was, after: null });
  return changes;
}

/** One change as a line: `args[1]: "~/notes" → "~"`, `env.TOKEN: added "…"`. */
export function changeLine(c: EntryChange): string {
  if (c.before === null) return `${c.where}: added ${JSON.stringify(c.after)}`;
  if (c.after === null) return `${c.where}: removed (was ${JSON.stringify(c.before)})`;
  return `${c.where}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`;
}
