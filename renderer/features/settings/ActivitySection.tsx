// Recent problems the core reported while the window was open (a configuration file that broke,
// a handler that failed), newest first, so nothing that went wrong is only in a log file.
import { useLena } from '../../store';
import { appSelectors } from '../../store/app/selectors';

const SHOWN = 20;

export function ActivitySection() {
  const logs = useLena(appSelectors.logs);
  const problems = logs
    .filter((l) => l.level === 'warn' || l.level === 'error')
    .slice(-SHOWN)
    .reverse();
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent problems</h2>
      {problems.length === 0 ? (
        <p className="muted small">Nothing went wrong since this window opened.</p>
      ) : (
        <ul className="activity" aria-label="Recent problems">
          {problems.map((p, i) => (
            <li key={`${p.time}-${i}`} className="small">
              <span className="mono muted">{new Date(p.time).toLocaleTimeString()}</span>{' '}
              <span className={p.level === 'error' ? 'error' : 'warning'}>{p.source}</span>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
