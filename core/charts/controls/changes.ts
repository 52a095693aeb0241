import type { ControlPanel, FormData } from "../contract";
import { allControls } from "./validate";

// What the Explore page asks after every edit: can the chart redraw from the data it has, or does the change
// need a new query? Only render-trigger controls redraw; any other change (or a key no control owns, such as
// extra_form_data from a filter) needs the query again. A key naming which saved chart this is (slice_id, set
// by the first save) changes neither the query nor the drawing: saving must not ask for "Update chart".

const NEITHER_QUERY_NOR_DRAWING = new Set(["slice_id"]);

export function changedKeys(before: FormData, after: FormData): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export function needsQuery(panel: ControlPanel, before: FormData, after: FormData): boolean {
  const renderOnly = new Set(allControls(panel).filter((c) => c.renderTrigger).map((c) => c.name));
  return changedKeys(before, after).some((k) => !renderOnly.has(k) && !NEITHER_QUERY_NOR_DRAWING.has(k));
}
