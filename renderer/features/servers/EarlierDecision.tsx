// Above a re-approval: when the user decided on an earlier version of this project entry, and
// what changed since, field by field (credentials masked as they were shown then).
import type { EarlierDecision as Earlier } from '../../../shared/server-types';
import { formatDate } from '../../lib/format';

export function EarlierDecision({ earlier }: { earlier: Earlier }) {
  const verb = earlier.decision === 'approved' ? 'approved' : 'rejected';
  const when = formatDate(earlier.at);
  if (earlier.changes === null)
    return (
      <p className="small" role="note">
        You {verb} an earlier version of this entry on {when}. What changed was not recorded then:
        review the whole entry.
      </p>
    );
  return (
    <div className="earlier-decision" role="note" aria-label="Changed since your decision">
      <p className="small">
        You {verb} an earlier version of this entry on {when}.{' '}
        {earlier.changes.length === 0
          ? 'What changed is a masked credential or a field Lena does not show.'
          : 'Changed since:'}
      </p>
      {earlier.changes.length > 0 && (
        <ul className="small mono" role="list">
          {earlier.changes.map((c) => (
            <li key={c.where}>
              {c.where}:{' '}
              {c.before === null ? (
                <>added “{c.after}”</>
              ) : c.after === null ? (
                <>removed (was “{c.before}”)</>
              ) : (
                <>
                  <del>“{c.before}”</del> → <ins>“{c.after}”</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
