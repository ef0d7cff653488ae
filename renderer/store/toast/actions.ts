// Showing and dismissing toasts; at most four at a time, each gone after its time.
import type { ActionsCreator } from '../slice';
import type { Toast } from './initial-state';

export interface ToastActions {
  /** Shows a toast for `ms` milliseconds; returns its id. */
  pushToast(toast: Omit<Toast, 'id'>, ms?: number): number;
  dismissToast(id: number): void;
}

export const createToastActions: ActionsCreator<ToastActions> = (set, get) => {
  // Ids count per store, so each test's store starts from 1.
  let nextId = 1;
  return {
    pushToast(toast, ms = 6000) {
      const id = nextId++;
      set((s) => ({ toasts: [...s.toasts.slice(-3), { ...toast, id }] }));
      setTimeout(() => get().dismissToast(id), ms);
      return id;
    },
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  };
};
