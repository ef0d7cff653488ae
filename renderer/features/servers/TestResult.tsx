// The outcome of "Test connection": server, protocol and tools, or the failure with its hint and
// the stderr tail.
import type { TestConnectionResult } from '../../../shared/server-types';
import { formatDuration } from '../../lib/format';

export function TestResult({ result }: { result: TestConnectionResult }) {
  if (result.ok) {
    return (
      <div className="notice ok-notice" role="status">
        ✓ Connected in {formatDuration(result.durationMs)} to{' '}
        {result.serverInfo?.name ?? 'the server'} {result.serverInfo?.version ?? ''} (protocol{' '}
        {result.protocolVersion ?? '?'}), {result.toolCount} tools
        {result.tools.length > 0 && <p className="muted small mono">{result.tools.join(', ')}</p>}
      </div>
    );
  }
  return (
    <div className="error-note" role="alert">
      <div className="error-note-title">✕ The test connection failed</div>
      <p>{result.error?.message ?? 'Unknown error.'}</p>
      {result.error?.hint && <p className="small">{result.error.hint}</p>}
      {result.stderrTail && (
        <details open>
          <summary>Server output (stderr)</summary>
          <pre className="mono detail-pre">{result.stderrTail}</pre>
        </details>
      )}
    </div>
  );
}
