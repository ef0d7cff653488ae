// Shows its children only after a short delay, so fast loads never flash a spinner.
import { useEffect, useState, type ReactNode } from 'react';

export function Delayed({ ms = 150, children }: { ms?: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return shown ? <>{children}</> : null;
}

export function Spinner({ label }: { label: string }) {
  return (
    <Delayed>
      <div className="spinner-row" role="status">
        <span className="spinner" aria-hidden /> {label}
      </div>
    </Delayed>
  );
}
