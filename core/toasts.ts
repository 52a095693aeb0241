// Toasts (SPEC §3, §4, §9): newest on top, duplicates skipped when noDuplicate, removal by id.

export type ToastType = "info" | "success" | "warning" | "danger";

export interface Toast {
  id: string;
  type: ToastType;
  text: string;
  duration: number;
  noDuplicate: boolean;
}

export const TOAST_DURATION_MS: Record<ToastType, number> = { info: 4000, success: 4000, warning: 6000, danger: 8000 };

export function addToast(list: Toast[], toast: Omit<Toast, "duration" | "noDuplicate"> & Partial<Toast>): Toast[] {
  const full: Toast = { duration: TOAST_DURATION_MS[toast.type], noDuplicate: false, ...toast };
  if (full.noDuplicate && list.some((t) => t.text === full.text && t.type === full.type)) return list;
  return [full, ...list];
}

export function removeToast(list: Toast[], id: string): Toast[] {
  return list.filter((t) => t.id !== id);
}
