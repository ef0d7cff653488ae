// An image from a tool, large: over the whole window (a portal to <body>, so no row's transform
// traps it), scaled to fit, zoom with the buttons or + and −, 0 to fit again, Escape or Close to
// leave (focus returns to the thumbnail), and "Save image…" as a download.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEscape } from '../../components/use-escape';

const ZOOMS = [0.25, 0.5, 1, 1.5, 2, 3, 4];
const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function Lightbox({ src, label, onClose }: { src: string; label: string; onClose(): void }) {
  // null: fit the window (scaled up or down); a number: that multiple of the image's own size.
  const [zoom, setZoom] = useState<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  useEscape('overlay', onClose);
  const step = (dir: 1 | -1) => {
    const at = zoom === null ? 2 : ZOOMS.indexOf(zoom);
    setZoom(ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, at + dir))]);
  };
  const mime = /^data:([^;]+);/.exec(src)?.[1] ?? 'image/png';
  const filename = `${label.replace(/[^\w-]+/g, '-').toLowerCase()}.${EXTENSION[mime] ?? 'png'}`;
  return createPortal(
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === '+' || e.key === '=') {
          e.preventDefault();
          step(1);
        }
        if (e.key === '-') {
          e.preventDefault();
          step(-1);
        }
        if (e.key === '0') {
          e.preventDefault();
          setZoom(null);
        }
      }}
    >
      <div className="lightbox-bar row">
        <span className="grow">
          {label}
          {zoom !== null ? ` · ${Math.round(zoom * 100)} %` : ' · fit to window'}
        </span>
        <button onClick={() => step(-1)} aria-label="Zoom out" title="Zoom out (−)">
          −
        </button>
        <button
          onClick={() => setZoom(null)}
          aria-pressed={zoom === null}
          title="Fit to the window (0)"
        >
          Fit
        </button>
        <button onClick={() => step(1)} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <a className="button-link" href={src} download={filename}>
          Save image…
        </a>
        <button ref={closeButton} onClick={onClose} title="Close (Esc)">
          Close
        </button>
      </div>
      <div className="lightbox-stage" onClick={(e) => e.target === e.currentTarget && onClose()}>
        <img
          src={src}
          alt={label}
          className={zoom === null ? 'fit' : ''}
          style={zoom === null ? undefined : { zoom }}
        />
      </div>
    </div>,
    document.body,
  );
}
