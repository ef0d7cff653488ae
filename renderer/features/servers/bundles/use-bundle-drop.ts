// A bundle file (.mcpb, or .dxt, its old name) dropped anywhere on the window opens its install
// sheet. Other drops are left alone: the composer takes attachments itself.
import { useEffect } from 'react';
import { useLena } from '../../../store';

export const BUNDLE_FILE = /\.(mcpb|dxt)$/i;

export function useBundleDrop(): void {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (e.defaultPrevented) return;
      const file = [...(e.dataTransfer?.files ?? [])].find((f) => BUNDLE_FILE.test(f.name));
      // Nothing else dropped outside a drop zone may navigate the window.
      e.preventDefault();
      if (file) void useLena.getState().openBundleFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}
