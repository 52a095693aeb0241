import { useCallback, useEffect, useState } from "react";

// Bulk select of a list page: on only after "Bulk select" (as Superset), over the rows the user may act on.
// The selection keeps only ids still shown, so a page change or a delete never leaves ghosts selected.

export function useBulkSelection(selectableIds: number[]) {
  const [enabled, setEnabled] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const key = selectableIds.join(",");
  useEffect(() => {
    setSelected((prev) => {
      const shown = new Set(key ? key.split(",").map(Number) : []);
      const kept = [...prev].filter((id) => shown.has(id));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [key]);
  const toggle = useCallback((id: number) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const allSelected = selectableIds.length > 0 && selectableIds.every((id) => selected.has(id));
  return {
    enabled,
    selected: [...selected],
    isSelected: (id: number) => selected.has(id),
    toggle,
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(selectableIds)),
    clear: () => setSelected(new Set()),
    setEnabled: (on: boolean) => {
      setEnabled(on);
      if (!on) setSelected(new Set());
    },
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
