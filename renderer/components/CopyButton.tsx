// A button that copies text and says so for a moment.
import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  className = '',
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const onClick = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('done'),
      () => setCopied('failed'),
    );
    setTimeout(() => setCopied('idle'), 1500);
  };
  return (
    <button
      type="button"
      className={`small-button ${className}`}
      onClick={onClick}
      aria-label={label}
    >
      {copied === 'done' ? 'Copied' : copied === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
