import type { LenaState } from '../create-store';

export const toastSelectors = {
  toasts: (s: LenaState) => s.toasts,
};
