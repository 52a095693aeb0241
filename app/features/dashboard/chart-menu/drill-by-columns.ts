import { useEffect, useState } from "react";
import { apiCall } from "../../../components/api-call";
import { drillByColumns } from "../../../../core/dashboards/drill-by";

// The columns a dashboard chart may be drilled by: its dataset's groupable columns (GET
// /api/v1/dashboard/{id}/datasets, read once per dashboard and page), less those it is grouped by already.

type DatasetColumns = { id: number; columns: { column_name: string; groupby?: boolean | null }[] }[];
const asked = new Map<number, Promise<DatasetColumns>>();

function datasetsOf(dashboardId: number): Promise<DatasetColumns> {
  let found = asked.get(dashboardId);
  if (!found) {
    found = apiCall<{ result: DatasetColumns }>("GET", `/api/v1/dashboard/${dashboardId}/datasets`, null).then((r) => (r.ok ? r.body.result : []));
    asked.set(dashboardId, found);
    void found.then((list) => list.length || asked.delete(dashboardId)); // a failed read is asked again next time
  }
  return found;
}

/** null while loading; `enabled` false asks nothing (a right-click on no value offers no drill by). */
export function useDrillByColumns(dashboardId: number | undefined, formData: Record<string, unknown>, enabled: boolean): string[] | null {
  const [columns, setColumns] = useState<string[] | null>(null);
  useEffect(() => {
    if (!enabled || dashboardId === undefined) return;
    let live = true;
    const datasetId = Number(String(formData.datasource ?? "").split("__")[0]);
    void datasetsOf(dashboardId).then((list) => live && setColumns(drillByColumns(list.find((d) => d.id === datasetId)?.columns ?? [], formData)));
    return () => {
      live = false;
    };
  }, [dashboardId, formData, enabled]);
  return columns;
}
