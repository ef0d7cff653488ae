// About: versions from the real `app:info` handler and Lena's home.
import { useLena } from '../../store';
import { appSelectors } from '../../store/app/selectors';

export function AboutSection() {
  const info = useLena(appSelectors.info);
  const error = useLena(appSelectors.infoError)?.message ?? null;
  return (
    <section className="card" aria-labelledby="about-heading">
      <h2 id="about-heading">About</h2>
      {error && (
        <p role="alert" className="error">
          Could not read the app’s versions: {error}
        </p>
      )}
      {!info && !error && <p className="muted">Loading…</p>}
      {info && (
        <dl className="kv" data-testid="about">
          <dt>Lena</dt>
          <dd data-testid="version-lena">{info.version}</dd>
          <dt>Electron</dt>
          <dd data-testid="version-electron">{info.electron ?? 'not running in Electron'}</dd>
          <dt>Chromium</dt>
          <dd data-testid="version-chromium">
            {info.chromium ?? navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown'}
          </dd>
          <dt>Node</dt>
          <dd data-testid="version-node">{info.node}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Lena’s home</dt>
          <dd className="mono" data-testid="lena-home">
            {info.home}
          </dd>
        </dl>
      )}
    </section>
  );
}
