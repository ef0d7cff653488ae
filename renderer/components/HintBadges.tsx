// Tool annotation hints as small badges; hints from an untrusted server say so, and its
// "read-only" is not shown in the reassuring colour (it is only a claim).
import type { ToolAnnotations } from '../../shared/mcp-types';

/**
 * `omitRisk`: the caller already warns that the tool may modify data, so no second badge says it.
 * `noteUntrusted`: false where the caller says once, above a list, that the hints are untrusted.
 */
export function HintBadges({
  hints,
  trusted,
  omitRisk = false,
  noteUntrusted = true,
}: {
  hints: ToolAnnotations;
  trusted: boolean;
  omitRisk?: boolean;
  noteUntrusted?: boolean;
}) {
  const badges: { label: string; tone: string }[] = [];
  if (hints.readOnlyHint) badges.push({ label: 'read-only', tone: trusted ? 'ok' : 'plain' });
  if (omitRisk) {
    // said once, by the caller's warning
  } else if (hints.destructiveHint) badges.push({ label: 'destructive', tone: 'danger' });
  else if (hints.readOnlyHint === false && hints.destructiveHint === undefined)
    badges.push({ label: 'may modify data', tone: 'warn' });
  if (hints.idempotentHint) badges.push({ label: 'idempotent', tone: 'plain' });
  if (hints.openWorldHint) badges.push({ label: 'open-world', tone: 'plain' });
  if (badges.length === 0) return null;
  return (
    <span className="badges">
      {badges.map((b) => (
        <span key={b.label} className={`badge badge-${b.tone}`}>
          {b.label}
        </span>
      ))}
      {!trusted && noteUntrusted && (
        <span
          className="badge badge-untrusted"
          title="The server chose these hints itself; Lena does not rely on them"
        >
          hint from an untrusted server
        </span>
      )}
    </span>
  );
}
