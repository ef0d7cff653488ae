// The toasts: a strip under the title bar that pushes the pane down while it shows, so a toast
// never covers a heading, the first message or the composer; above the narrow sidebar overlay.
import { useLena, useLenaActions } from '../../store';
import { toastSelectors } from '../../store/toast/selectors';

export function Toasts() {
  const toasts = useLena(toastSelectors.toasts);
  const { dismissToast: dismiss } = useLenaActions();
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.tone === 'error' ? 'toast-error' : ''}`}>
          <span>{t.message}</span>
          {t.action && (
            <button
              className="small-button"
              onClick={() => {
                t.action?.();
                dismiss(t.id);
              }}
            >
              {t.actionLabel ?? 'Undo'}
            </button>
          )}
          <button className="ghost icon" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
