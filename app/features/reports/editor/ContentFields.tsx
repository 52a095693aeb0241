import { NumberInput, SegmentedControl, Select, Stack } from "@mantine/core";
import { AsyncSelectFilter } from "../../../components/list-view/filters";
import { relatedOptions } from "../../../components/list-view/options";
import type { FieldProps } from "./field-props";

const chartOptions = relatedOptions("report", "chart");
const dashboardOptions = relatedOptions("report", "dashboard");
const FORMATS = { chart: ["PNG", "PDF", "CSV", "TEXT"], dashboard: ["PNG", "PDF"] };
const FORMAT_LABELS: Record<string, string> = { PNG: "Image (PNG) embedded in email", PDF: "PDF attached", CSV: "Formatted CSV attached", TEXT: "Text embedded in email" };

/** What is sent: a dashboard or a chart, in which format (CSV and TEXT for charts only), and at what width. */
export function ContentFields({ form, set, errors }: FieldProps) {
  const formats = FORMATS[form.contentType].map((f) => ({ value: f, label: FORMAT_LABELS[f] }));
  return (
    <Stack gap="xs">
      <SegmentedControl value={form.contentType} data-testid="report-content-type"
        data={[{ value: "dashboard", label: "Dashboard" }, { value: "chart", label: "Chart" }]}
        onChange={(v) => {
          const contentType = v as "chart" | "dashboard";
          set({ contentType, reportFormat: FORMATS[contentType].includes(form.reportFormat) ? form.reportFormat : "PNG" });
        }} />
      {form.contentType === "chart" ? (
        <AsyncSelectFilter label="Chart" value={form.chart === null ? undefined : String(form.chart)} fetchOptions={chartOptions} testId="report-chart"
          onChange={(v) => set({ chart: v ? Number(v) : null })} />
      ) : (
        <AsyncSelectFilter label="Dashboard" value={form.dashboard === null ? undefined : String(form.dashboard)} fetchOptions={dashboardOptions} testId="report-dashboard"
          onChange={(v) => {
            // filter ids belong to one dashboard: another dashboard starts with none chosen
            const dashboard = v ? Number(v) : null;
            set(dashboard === form.dashboard ? { dashboard } : { dashboard, nativeFilters: [], recipientNativeFilters: [] });
          }} />
      )}
      {(errors.chart || errors.dashboard || errors.extra) && <div role="alert" style={{ color: "var(--mantine-color-red-6)", fontSize: 12 }}>{errors.chart ?? errors.dashboard ?? errors.extra}</div>}
      <Select label="Content format" data={formats} value={form.reportFormat} allowDeselect={false} error={errors.report_format}
        data-testid="report-format" onChange={(v) => v && set({ reportFormat: v })} />
      {(form.reportFormat === "PNG" || form.reportFormat === "PDF") && (
        <NumberInput label="Screenshot width" suffix="px" min={600} max={2400} value={form.customWidth ?? ""} error={errors.custom_width}
          placeholder="Input custom width in pixels" data-testid="report-custom-width"
          onChange={(v) => set({ customWidth: v === "" ? null : Number(v) })} />
      )}
    </Stack>
  );
}
