// A tool's description as the server's own words: boxed and labelled so it cannot pass for part of
// Lena's dialog (a fake "Arguments" block in it reads as the server's text), folded after a few
// lines so the real arguments below stay in view, and scrolling on its own when unfolded.
import { useId, useState } from 'react';
import { hasInvisible } from '../../lib/invisible';
import { Marked } from '../../components/Marked';

const FOLD_LINES = 4;
const FOLD_CHARS = 320;

/** "12 lines", or for one long line "1,240 characters" (never "1 lines"). */
function size(text: string): string {
  const lines = text.split('\n').length;
  return lines > 1 ? `${lines} lines` : `${text.length.toLocaleString('en-US')} characters`;
}

export function ServerDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = text || 'The server gave no description.';
  const long = shown.split('\n').length > FOLD_LINES || shown.length > FOLD_CHARS;
  return (
    <div className="server-text" role="group" aria-label="Description from the server">
      <span className="server-text-label small muted">
        Description from the server (its own words)
      </span>
      <p
        id={id}
        className={`description ${long ? (open ? 'unfolded' : 'folded') : ''}`}
        data-testid="tool-description"
      >
        <Marked text={shown} />
      </p>
      {long && (
        <button
          className="link-button small"
          aria-controls={id}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open
            ? 'Fold the description'
            : `Show the full description (${size(shown)}${hasInvisible(shown) ? ', hidden characters marked' : ''})`}
        </button>
      )}
    </div>
  );
}
