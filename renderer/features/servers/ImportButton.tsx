// "Import from Claude Desktop": copies its servers into Lena's configuration and says what happened.
import { useState } from 'react';
import { useLenaActions } from '../../store';

export function ImportButton() {
  const { importClaudeDesktop } = useLenaActions();
  const [report, setReport] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    const r = await importClaudeDesktop();
    setFailed(!r.ok);
    if (!r.ok) return setReport(`Could not import from Claude Desktop: ${r.error.message}`);
    const v = r.value;
    setReport(
      [
        v.added.length
          ? `Imported ${v.added.join(', ')} from ${v.source}.`
          : `Nothing new to import from ${v.source}.`,
        ...v.skipped.map((s) => `Skipped ${s.name}: ${s.reason}`),
        ...v.invalid.map((s) => `Invalid ${s.name}: ${s.reason}`),
      ].join('\n'),
    );
  };
  return (
    <>
      <button onClick={() => void run()}>Import from Claude Desktop</button>
      {report && (
        <pre
          className={`notice small import-report ${failed ? 'error' : ''}`}
          role={failed ? 'alert' : 'status'}
        >
          {report}
        </pre>
      )}
    </>
  );
}
