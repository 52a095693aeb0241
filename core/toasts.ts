// Toasts: newest on top, removal by id. The same message is never stacked twice: a repeat
// replaces the earlier toast (on top, its time restarted). A success ends the errors shown before it: the
// failure it follows has been put right, and a stale red toast behind a green one only confuses.

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
  const rest = list.filter((t) => !(t.text === full.text && t.type === full.type) && !(full.type === "success" && t.type === "danger"));
  return [full, ...rest];
}

export function removeToast(list: Toast[], id: string): Toast[] {
  return list.filter((t) => t.id !== id);
}

/** Labels for field keys whose plain wording is not just the key with spaces (the API's names). */
const FIELD_LABELS: Record<string, string> = {
  sqlalchemy_uri: "SQLAlchemy URI",
  database_name: "Database name",
  table_name: "Table name",
  metric_name: "Metric name",
  column_name: "Column name",
  verbose_name: "Label",
  d3format: "D3 format",
  slice_name: "Chart name",
  expose_in_sqllab: "Expose in SQL Lab",
  allow_dml: "Allow DML",
  cache_timeout: "Cache timeout",
};

/** A field's label: database_name → "Database name" (used where the form's own label is not at hand). */
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One line for a toast from an API's per-field errors, without raw keys: "Database name: already exists";
 * a message that already names its field ("First name is required") stands alone.
 */
export function fieldErrorSummary(fieldErrors: Record<string, string>, labels: Record<string, string> = {}): string {
  const parts = Object.entries(fieldErrors).map(([key, message]) => {
    // Marshmallow's `_schema` holds errors of the whole payload (e.g. "Must provide a password for the database")
    if (key === "_schema") return message;
    const label = labels[key] ?? fieldLabel(key);
    return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
  });
  return parts.join("; ") || "Please correct the highlighted fields.";
}
