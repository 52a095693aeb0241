import { proxy } from "valtio";
import { addToast as add, removeToast, type Toast, type ToastType } from "../../core/toasts";

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let counter = 0;

export function showToast(type: ToastType, text: string, options: { noDuplicate?: boolean; duration?: number } = {}) {
  const id = `toast-${Date.now()}-${++counter}`;
  toastStore.toasts = add(toastStore.toasts, { id, type, text, ...options });
  const toast = toastStore.toasts.find((t) => t.id === id);
  if (toast && toast.duration > 0 && typeof window !== "undefined") window.setTimeout(() => dismissToast(id), toast.duration);
  return id;
}

export function dismissToast(id: string) {
  toastStore.toasts = removeToast(toastStore.toasts, id);
}
