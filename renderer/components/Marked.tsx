// Text with invisible characters (and core's ⟦…⟧ markers) flagged visibly, never interpreted.
import { hasInvisible, markInvisible } from '../lib/invisible';

export function Marked({ text }: { text: string }) {
  if (!hasInvisible(text)) return <>{text}</>;
  return (
    <>
      {markInvisible(text).map((s, i) =>
        s.flagged ? (
          <mark key={i} className="invisible-marker" title="Hidden character made visible">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
