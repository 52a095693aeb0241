// A chart of the builder pane's list (GET /api/v1/chart/ items) as the dashboard draws it: its form data with the
// datasource key, viz type and slice id that the chart's query needs. A chart without a type or form data has no
// definition to draw, and cannot be added.

export interface BuilderChartItem {
  id: number;
  slice_name: string;
  viz_type: string | null;
  datasource_id: number | null;
  datasource_type: string | null;
  datasource_name_text?: string | null;
  changed_on_delta_humanized?: string | null;
  form_data?: Record<string, unknown> | null;
  url?: string;
  slice_url?: string;
}

export interface DashboardChartShape {
  id: number;
  slice_name: string;
  viz_type: string;
  slice_url: string;
  form_data: Record<string, unknown>;
}

export function builderChart(item: BuilderChartItem): DashboardChartShape | null {
  const viz = (item.form_data?.viz_type as string | undefined) || item.viz_type;
  if (!viz || !item.form_data || typeof item.form_data !== "object") return null;
  const formData: Record<string, unknown> = { ...item.form_data, viz_type: viz, slice_id: item.id };
  if (!formData.datasource && item.datasource_id !== null)
    formData.datasource = `${item.datasource_id}__${item.datasource_type === "dataset" ? "table" : (item.datasource_type ?? "table")}`;
  return { id: item.id, slice_name: item.slice_name, viz_type: viz, slice_url: item.slice_url ?? item.url ?? `/explore/?slice_id=${item.id}`, form_data: formData };
}
