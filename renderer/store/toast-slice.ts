// Short-lived notices at the bottom of the window ("Conversation deleted · Undo").
import type { StateCreator } from 'zustand';
import type { LenaState } from './index';

export interface Toast {
  id: number;
  message: string;
  actionLabel?: string;
  action?: () => void;
  tone?: 'info' | 'error';
}

export interface ToastSlice {
  toasts: Toast[];
  /** Shows a toast for `ms` milliseconds; returns its id. */
  pushToast(toast: Omit<Toast, 'id'>, ms?: number): number;
  dismissToast(id: number): void;
}

let nextId = 1;

export const createToastSlice: StateCreator<LenaState, [], [], ToastSlice> = (set, get) => ({
  toasts: [],
  pushToast(toast, ms = 6000) {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.slice(-3), { ...toast, id }] }));
    setTimeout(() => get().dismissToast(id), ms);
    return id;
  },
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
});
