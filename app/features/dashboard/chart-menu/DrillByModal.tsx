import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { withFormatLanguage } from "../../../../core/charts/format/language";
import type { Language } from "../../../../core/i18n/languages";
import type { VerboseMap } from "../../../../core/charts/verbose-map";
import { Alert, Anchor, Box, Breadcrumbs, Center, Group, Loader, Modal, SegmentedControl, Text, useComputedColorScheme } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { ChartModel, FormData, QueryData } from "../../../../core/charts/contract";
import { getChartType } from "../../../../core/charts/registry";
import { crossFilterOf } from "../../../../core/dashboards/filters/cross";
import { drillByBreadcrumbs, drillByFormData, type DrillByStep } from "../../../../core/dashboards/drill-by";
import { fetchChartData } from "../../charts/chart-data-client";
import { ChartView } from "../../charts/ChartView";
import { DataRows } from "../../charts/DataRows";
import { ChartContextMenu, type ContextMenuAt } from "./ChartContextMenu";

// Superset's DrillByModal: the chart drawn again grouped by the column picked in "Drill by", filtered to the
// value right-clicked; a right-click in it drills further, the breadcrumb goes back to any level, and a toggle
// shows the drilled results as a table.

const CHART_HEIGHT = 420;

type Answer = { status: "loading" } | { status: "failed"; error: string } | { status: "success"; data: QueryData[] };

export function DrillByModal({ title, formData, verboseMap, first, csrfToken, onClose }: {
  title: string;
  formData: FormData;
  verboseMap?: VerboseMap;
  first: DrillByStep;
  csrfToken: string | null;
  onClose: () => void;
}) {
  const [steps, setSteps] = useState<DrillByStep[]>([first]);
  const [as, setAs] = useState<"chart" | "table">("chart");
  const drilled = useMemo(() => drillByFormData(formData, steps), [formData, steps]);
  const [answer, setAnswer] = useState<Answer>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setAnswer({ status: "loading" });
    const type = getChartType(drilled.viz_type);
    if (!type) return setAnswer({ status: "failed", error: `Unknown chart type: ${String(drilled.viz_type)}` });
    void (async () => {
      const res = await fetchChartData(type.buildQuery(drilled), csrfToken);
      if (live) setAnswer(res.ok ? { status: "success", data: res.result } : { status: "failed", error: res.message });
    })().catch((e: unknown) => live && setAnswer({ status: "failed", error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [drilled, csrfToken]);

  const { ref, width } = useElementSize();
  const dark = useComputedColorScheme("light") === "dark";
  // numbers and dates in the page's language (core/charts/format/language.ts), on the server as in the browser
  const language = useTranslation().i18n.language as Language;
  const model = useMemo((): ChartModel | { kind: "error"; message: string } | null => {
    if (answer.status !== "success" || width === 0) return null;
    try {
      return withFormatLanguage(language, () => getChartType(drilled.viz_type)!.transformProps({ formData: drilled, queriesData: answer.data as never, width, height: CHART_HEIGHT, theme: { dark }, verboseMap }));
    } catch (e) {
      return { kind: "error", message: e instanceof Error ? e.message : String(e) };
    }
  }, [answer, drilled, width, dark, verboseMap, language]);

  const [contextAt, setContextAt] = useState<ContextMenuAt | null>(null);
  const crumbs = drillByBreadcrumbs(first.filters.map((f) => f.col).join(", "), steps);
  return (
    <Modal opened onClose={onClose} title={`Drill by: ${title}`} size="80%" data-testid="drill-by-modal">
      <Group justify="space-between" mb="sm">
        <Breadcrumbs data-testid="drill-by-breadcrumbs">
          {crumbs.map((label, i) => (i < crumbs.length - 1
            ? <Anchor key={i} component="button" size="sm" onClick={() => setSteps(steps.slice(0, i))} data-testid="drill-by-breadcrumb">{label}</Anchor>
            : <Text key={i} size="sm" fw={600} data-testid="drill-by-current">{label}</Text>))}
        </Breadcrumbs>
        <SegmentedControl size="xs" value={as} onChange={(v) => setAs(v as "chart" | "table")} data={[{ value: "chart", label: "Chart" }, { value: "table", label: "Table" }]} data-testid="drill-by-display" />
      </Group>
      <Box ref={ref} mih={CHART_HEIGHT} data-testid="drill-by-chart" data-status={answer.status}>
        {answer.status === "loading" && <Center h={CHART_HEIGHT}><Loader size="sm" /></Center>}
        {answer.status === "failed" && <Alert color="red" variant="light" title="Unexpected error" data-testid="drill-by-error">{answer.error}</Alert>}
        {answer.status === "success" && as === "table" && <DataRows data={answer.data[0]} label="drill-by" height={CHART_HEIGHT - 40} />}
        {as === "chart" && model?.kind === "error" && <Alert color="red" variant="light" title="The chart could not be drawn">{model.message}</Alert>}
        {as === "chart" && model && model.kind !== "error" && (
          <ChartView model={model} height={CHART_HEIGHT} onContextPick={(p, at) => {
            const hits = p ? crossFilterOf(drilled, p) : null;
            setContextAt({ ...at, filters: (hits ?? []).map((h) => ({ col: h.col, op: "==" as const, val: h.value })) });
          }} />
        )}
      </Box>
      {contextAt && (
        <ChartContextMenu at={contextAt} formData={drilled} onClose={() => setContextAt(null)}
          onDrillBy={(filters, column) => (setContextAt(null), setSteps([...steps, { filters, column }]))} />
      )}
    </Modal>
  );
}
