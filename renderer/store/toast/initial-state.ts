// Short-lived notices at the bottom of the window ("Conversation deleted · Undo").
export interface Toast {
  id: number;
  message: string;
  actionLabel?: string;
  action?: () => void;
  tone?: 'info' | 'error';
}

export interface ToastState {
  toasts: Toast[];
}

export const initialToastState = (): ToastState => ({ toasts: [] });
