import { categoricalColors } from "./schemes";

// A label → colour function as Superset's CategoricalColorScale: a colour the dashboard pinned for the label
// (json_metadata.label_colors, then shared_label_colors) wins; otherwise labels take the scheme's colours in
// the order they are first asked for, wrapping around, and keep them for the life of the function.

export type LabelColorFn = (label: unknown) => string;

export interface LabelColorOptions {
  scheme?: unknown;
  labelColors?: unknown;
  sharedLabelColors?: unknown;
}

const asMap = (v: unknown): Record<string, string> =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"))
    : {};

export function labelColorFn({ scheme, labelColors, sharedLabelColors }: LabelColorOptions): LabelColorFn {
  const colors = categoricalColors(scheme);
  const pinned = { ...asMap(sharedLabelColors), ...asMap(labelColors) };
  const assigned = new Map<string, string>();
  return (label) => {
    const key = String(label);
    if (Object.hasOwn(pinned, key)) return pinned[key];
    let color = assigned.get(key);
    if (!color) {
      color = colors[assigned.size % colors.length];
      assigned.set(key, color);
    }
    return color;
  };
}

/** The colour function a chart's form data asks for: its scheme, plus the dashboard's label colours merged in. */
export function colorFnFromFormData(formData: Record<string, unknown>): LabelColorFn {
  return labelColorFn({ scheme: formData.color_scheme, labelColors: formData.label_colors, sharedLabelColors: formData.shared_label_colors });
}
