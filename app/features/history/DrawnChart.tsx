import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { Alert, Box, Center, Loader, useComputedColorScheme } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { ChartModel, FormData, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { withFormatLanguage } from "../../../core/charts/format/language";
import type { Language } from "../../../core/i18n/languages";
import { chartStateFormData } from "../../../core/revisions/side-by-side";
import { apiCall } from "../../components/api-call";
import { fetchChartData } from "../charts/chart-data-client";
import { ChartView } from "../charts/ChartView";

// One pane of a chart's "Compare drawn" (issue 34): the chart drawn from a kept state's form data as Explore draws
// it (the type's buildQuery, POST /api/v1/chart/data through fetchChartData, so row-level security applies, then
// transformProps and ChartView). A state whose dataset was deleted since says so instead of a query error.

const HEIGHT = 300;
type Answer = { status: "loading" } | { status: "failed"; error: string } | { status: "success"; data: QueryData[] };

export function DrawnChart({ state, csrfToken }: { state: Record<string, unknown>; csrfToken: string | null }) {
  const formData = useMemo(() => chartStateFormData(state) as FormData | null, [state]);
  const [answer, setAnswer] = useState<Answer>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setAnswer({ status: "loading" });
    if (!formData) return setAnswer({ status: "failed", error: "This state has no dataset to draw from." });
    const type = getChartType(formData.viz_type);
    if (!type) return setAnswer({ status: "failed", error: `Unknown chart type: ${String(formData.viz_type)}` });
    void (async () => {
      const res = await fetchChartData(type.buildQuery(formData), csrfToken);
      if (res.ok) return live && setAnswer({ status: "success", data: res.result });
      // a failed query of a dataset that no longer exists says that, not the query's error
      const dataset = await apiCall("GET", `/api/v1/dataset/${String(state.datasource_id)}`, csrfToken);
      const gone = !dataset.ok && dataset.status === 404;
      if (live) setAnswer({ status: "failed", error: gone ? `The dataset of this state (#${String(state.datasource_id)}) no longer exists.` : res.message });
    })().catch((e: unknown) => live && setAnswer({ status: "failed", error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [formData, state.datasource_id, csrfToken]);

  const { ref, width } = useElementSize();
  const dark = useComputedColorScheme("light") === "dark";
  const language = useTranslation().i18n.language as Language;
  const model = useMemo((): ChartModel | { kind: "error"; message: string } | null => {
    if (answer.status !== "success" || !formData || width === 0) return null;
    try {
      return withFormatLanguage(language, () => getChartType(formData.viz_type)!.transformProps({ formData, queriesData: answer.data as never, width, height: HEIGHT, theme: { dark } }));
    } catch (e) {
      return { kind: "error", message: e instanceof Error ? e.message : String(e) };
    }
  }, [answer, formData, width, dark, language]);

  return (
    <Box ref={ref} mih={HEIGHT} data-testid="compare-chart" data-status={answer.status}>
      {answer.status === "loading" && <Center h={HEIGHT}><Loader size="sm" /></Center>}
      {answer.status === "failed" && <Alert color="orange" variant="light" data-testid="compare-chart-error">{answer.error}</Alert>}
      {model?.kind === "error" && <Alert color="red" variant="light" title="The chart could not be drawn">{model.message}</Alert>}
      {model && model.kind !== "error" && <ChartView model={model} width={width} height={HEIGHT} />}
    </Box>
  );
}
