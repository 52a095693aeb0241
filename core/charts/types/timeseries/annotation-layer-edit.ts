import { compileFormula } from "./formula";

// Editing Superset's annotation layers of a timeseries chart (its AnnotationLayer popover): the shape a new layer
// starts from per type, and what keeps a layer from being applied. Formula layers are drawn from their
// expression of x (epoch milliseconds); event and interval layers read a native annotation layer by id.

export type AnnotationLayer = Record<string, unknown>;

export const ANNOTATION_TYPES: [string, string][] = [["FORMULA", "Formula"], ["EVENT", "Event"], ["INTERVAL", "Interval"]];
export const LINE_STYLES: [string, string][] = [["solid", "Solid"], ["dashed", "Dashed"], ["longDashed", "Long dashed"], ["dotted", "Dotted"]];
export const OPACITIES: [string, string][] = [["", "Opacity"], ["opacityLow", "Opacity low"], ["opacityMedium", "Opacity medium"], ["opacityHigh", "Opacity high"]];

/** A layer as Superset's popover starts it, of the given type (the source follows the type). */
export function newAnnotationLayer(annotationType = "FORMULA"): AnnotationLayer {
  return {
    name: "", annotationType, sourceType: annotationType === "FORMULA" ? "" : "NATIVE", value: annotationType === "FORMULA" ? "" : null,
    overrides: { time_range: null }, show: true, showLabel: false, showMarkers: false, hideLine: false,
    titleColumn: "", descriptionColumns: [], timeColumn: "", intervalEndColumn: "",
    style: "solid", color: null, width: 1, opacity: "",
  };
}

/** The layer with another type: the source and value of the old type do not carry over. */
export const withAnnotationType = (layer: AnnotationLayer, annotationType: string): AnnotationLayer => ({
  ...layer, annotationType, sourceType: annotationType === "FORMULA" ? "" : "NATIVE", value: annotationType === "FORMULA" ? "" : null,
});

/** Why the layer cannot be applied yet (Superset's messages where it has them), or null. */
export function annotationLayerProblem(layer: AnnotationLayer, otherNames: string[]): string | null {
  const name = typeof layer.name === "string" ? layer.name.trim() : "";
  if (!name) return "Name is required";
  if (otherNames.includes(name)) return "Another layer has this name";
  if (layer.annotationType === "FORMULA") {
    if (typeof layer.value !== "string" || !layer.value.trim()) return "Formula is required";
    try {
      // Superset evaluates it at x = 0: an expression that parses but cannot run is as bad
      compileFormula(layer.value)(0);
    } catch {
      return "Bad formula.";
    }
    return null;
  }
  if (!Number.isSafeInteger(layer.value)) return "Choose an annotation layer";
  return null;
}
