// The outcome of "Test connection": server, protocol and tools, or the failure in plain words (its
// headline and advice, the technical text behind Details) with the stderr tail.
import type { ServerEntry } from '../../../shared/server-config';
import { serverProblem } from '../../../shared/server-problem';
import type { TestConnectionResult } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { formatDuration } from '../../lib/format';

export function TestResult({
  result,
  entry,
}: {
  result: TestConnectionResult;
  /** The entry tested, for the headline ("`uvx` is not installed or not on PATH"). */
  entry: ServerEntry | null;
}) {
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
  const problem = result.error ? serverProblem(result.error, entry) : null;
  return (
    <ErrorNote
      title={`The test connection failed: ${problem?.headline ?? 'unknown error'}`}
      error={{
        code: result.error?.code,
        message: problem?.advice ?? '',
        detail: problem?.detail,
      }}
      more={
        result.stderrTail && (
          <details open>
            <summary>Server output (stderr)</summary>
            <pre className="mono detail-pre">{result.stderrTail}</pre>
          </details>
        )
      }
    />
  );
}
