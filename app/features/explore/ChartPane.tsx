import { useMemo } from "react";
import { useTranslation } from "../../i18n/react";
import { withFormatLanguage } from "../../../core/charts/format/language";
import type { TFunction } from "../../../core/i18n/translate";
import { Alert, Box, Button, Center, Group, List, Loader, Text, useComputedColorScheme } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useSnapshot } from "valtio";
import type { ChartModel, FormData, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { unavailableTypeMessage } from "../../../core/charts/legacy-migration";
import { allControls } from "../../../core/charts/controls/validate";
import { needsQuery } from "../../../core/charts/controls/changes";
import { ChartView } from "../charts/ChartView";
import { ChartActions } from "./ChartActions";
import { verboseMapOf } from "../../../core/charts/verbose-map";
import { ChartHeader } from "./ChartHeader";
import { DataPane } from "./DataPane";
import { exploreStore, runQuery, stopQuery, validationErrors } from "./store";

// The chart side of Explore: title, row count, Run, and the chart. A render-only change (Superset's
// renderTrigger controls) redraws at once from the data already loaded; any other change keeps the last chart
// and asks for Run. A control with a validation message blocks the run, as in Superset.

/** A validator's message (core/charts/controls/validate.ts, Superset's English) in the page's language. */
function validatorMessage(message: string, t: TFunction): string {
  const max = /^Value cannot exceed (.+)$/.exec(message);
  if (max) return t("Value cannot exceed {{max}}", { max: max[1] });
  switch (message) {
    case "cannot be empty": return t("cannot be empty");
    case "is expected to be an integer": return t("is expected to be an integer");
    case "is expected to be a number": return t("is expected to be a number");
    default: return message;
  }
}

function controlMessages(formData: FormData, errors: Record<string, string[]>, t: TFunction): string[] {
  const controls = allControls(getChartType(formData.viz_type)?.controlPanel ?? { sections: [] });
  return Object.entries(errors).flatMap(([name, messages]) => {
    const label = controls.find((c) => c.name === name)?.label ?? name;
    return messages.map((m) => t("Control labeled \"{{label}}\" {{message}}", { label, message: validatorMessage(m, t) }));
  });
}

export function ChartPane({ onSave, canSave, canSqlLab = false, canWriteReport = false, canRestore = false, standalone = false }: {
  onSave: () => void; canSave: boolean; canSqlLab?: boolean; canWriteReport?: boolean; canRestore?: boolean; standalone?: boolean;
}) {
  const snap = useSnapshot(exploreStore);
  const { ref, width, height } = useElementSize();
  const dark = useComputedColorScheme("light") === "dark";
  const formData = snap.formData as FormData;
  const errors = validationErrors(formData);
  // a saved chart of a type not drawn here: one message asking for a type instead of the controls' messages
  const unavailable = getChartType(formData.viz_type) ? null : String(formData.viz_type ?? "");
  const { t, i18n } = useTranslation();
  const messages = unavailable !== null ? [] : controlMessages(formData, errors, t);
  const chart = snap.chart;
  const queried = chart.queriedFormData as FormData | null;
  const stale = queried !== null && (queried.viz_type !== formData.viz_type || needsQuery(getChartType(formData.viz_type)!.controlPanel, queried, formData));
  const drawWith = stale ? queried : formData;
  // legends and table headers name saved metrics and columns by their verbose names, as Superset's
  const dataset = snap.dataset;
  const verboseMap = useMemo(() => (dataset ? verboseMapOf(dataset.columns, dataset.metrics) : undefined), [dataset]);

  // numbers and dates in the page's language (core/charts/format/language.ts), on the server as in the browser
  const language = i18n.language;
  const model = useMemo((): ChartModel | { kind: "error"; message: string } | null => {
    if ((chart.status !== "success" && chart.status !== "stopped") || !chart.queriesData || !drawWith || width === 0) return null;
    try {
      return withFormatLanguage(language, () => getChartType(drawWith.viz_type)!.transformProps({ formData: drawWith, queriesData: chart.queriesData as never, width, height, theme: { dark }, verboseMap }));
    } catch (e) {
      return { kind: "error", message: e instanceof Error ? e.message : String(e) };
    }
  }, [chart.status, chart.queriesData, drawWith, width, height, dark, verboseMap, language]);

  const answer = chart.status === "success" || chart.status === "stopped" ? (chart.queriesData?.[0] ?? null) : null;
  const drawing = (
    <Box ref={ref} style={{ flex: 1, minHeight: standalone ? 0 : 320, position: "relative" }} data-testid="chart-container">
      {chart.status === "loading" && <Center h="100%"><Loader /></Center>}
      {chart.status === "idle" && messages.length === 0 && unavailable === null && <Center h="100%"><Text c="dimmed">{t("Click “Create chart” to see the chart")}</Text></Center>}
      {chart.status !== "loading" && model?.kind === "error" && (
        <Alert color="red" variant="light" title={t("The chart could not be drawn")} data-testid="chart-error">{model.message}</Alert>
      )}
      {chart.status !== "loading" && model && model.kind !== "error" && <ChartView model={model} height={height} />}
    </Box>
  );
  const failure = chart.status === "failed" && (
    <Alert color="red" variant="light" title={t("Unexpected error")} mb="xs" data-testid="chart-error">
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{chart.error}</Text>
    </Alert>
  );
  if (standalone) return <Box h="100%" style={{ display: "flex", flexDirection: "column" }}>{failure}{drawing}</Box>;
  return (
    <Box h="100%" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="space-between" mb="xs">
        <ChartHeader answer={answer as QueryData | null} />
        <Group gap="xs">
          <ChartActions formData={formData} disabled={messages.length > 0 || unavailable !== null} canSqlLab={canSqlLab} canWriteReport={canWriteReport} canRestore={canRestore} chartElement={() => ref.current} />
          {canSave && <Button variant="default" size="xs" onClick={onSave} data-testid="save-chart">{t("Save")}</Button>}
          {chart.status === "loading" ? (
            <Button size="xs" color="red" variant="light" onClick={stopQuery} data-testid="stop-query">{t("Stop")}</Button>
          ) : (
            <Button size="xs" onClick={() => void runQuery()} disabled={messages.length > 0 || unavailable !== null} data-testid="run-query">
              {chart.status === "idle" ? t("Create chart") : t("Update chart")}
            </Button>
          )}
        </Group>
      </Group>
      {unavailable !== null && (
        <Alert color="yellow" variant="light" mb="xs" data-testid="chart-type-unavailable">{unavailableTypeMessage(unavailable)}</Alert>
      )}
      {messages.length > 0 && (
        <Alert color="red" variant="light" title={t("Required control values have been removed")} mb="xs" data-testid="control-errors">
          <List size="sm">{messages.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
        </Alert>
      )}
      {stale && messages.length === 0 && chart.status === "success" && (
        <Alert color="yellow" variant="light" mb="xs" data-testid="chart-stale">{t("Controls changed: click “Update chart” to query again.")}</Alert>
      )}
      {chart.status === "stopped" && (
        <Alert color="yellow" variant="light" mb="xs" data-testid="chart-stopped">{chart.error}</Alert>
      )}
      {snap.datasetWarnings.length > 0 && (
        <Alert color="yellow" variant="light" mb="xs" title={t("Some controls may not fit this dataset")} data-testid="dataset-warnings">
          <List size="sm">{snap.datasetWarnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List>
        </Alert>
      )}
      {failure}
      {drawing}
      <DataPane formData={queried} datasetId={snap.dataset?.id ?? 0} />
    </Box>
  );
}
