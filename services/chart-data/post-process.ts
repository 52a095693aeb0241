import { GenericType } from "../../core/connectors/types";
import { applyPostProcessing, type PostProcessingStep } from "../../core/post-processing/index";

/**
 * Post-processed rows with their generic types: a column the query returned keeps its type (the time axis
 * stays temporal); a new one (a pivoted series, a share) is typed by its values.
 */
export function applyChartPostProcessing(names: string[], rows: unknown[][], steps: PostProcessingStep[], types: GenericType[]) {
  const out = applyPostProcessing(names, rows, steps);
  const outTypes = out.names.map((name, i) => {
    const original = names.indexOf(name);
    if (original >= 0) return types[original];
    const sample = out.rows.find((r) => r[i] !== null && r[i] !== undefined)?.[i];
    if (typeof sample === "number") return GenericType.NUMERIC;
    if (typeof sample === "boolean") return GenericType.BOOLEAN;
    return GenericType.STRING;
  });
  return { ...out, types: outTypes };
}
