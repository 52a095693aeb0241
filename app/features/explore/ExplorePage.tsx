import { useState } from "react";
import { Alert, Box, Center, Loader, ScrollArea, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { FormData, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { ChartPane } from "./ChartPane";
import { ControlPanel } from "./ControlPanel";
import { DatasetPane } from "./DatasetPane";
import { SaveModal } from "./SaveModal";
import { VizTypePicker } from "./VizTypePicker";
import { exploreStore, setControl, setVizType, validationErrors } from "./store";
import { useTranslation } from "../../i18n/react";

// Explore's three panes: the dataset, the visualisation type with its controls, and the chart.

export interface ExploreUser {
  id: number;
  isAdmin: boolean;
  canWriteChart: boolean;
  /** may use SQL Lab: "View in SQL Lab" and "Run in SQL Lab" are offered */
  canSqlLab?: boolean;
  /** may write reports: "Schedule email report" is offered for a saved chart */
  canWriteReport?: boolean;
}

export function ExplorePage({ user, standalone = false }: { user: ExploreUser; standalone?: boolean }) {
  const snap = useSnapshot(exploreStore);
  const [saveOpen, setSaveOpen] = useState(false);
  const { t } = useTranslation();
  if (snap.status === "loading") return <Center h={300}><Loader /></Center>;
  if (snap.status === "error" || !snap.dataset)
    return <Alert color="red" title={t("Explore could not open")} data-testid="explore-error">{snap.loadError ?? t("The dataset could not be loaded")}</Alert>;
  const formData = snap.formData as FormData;
  // ?standalone=1 (Superset's embed code): the chart alone, filling the frame
  if (standalone) return <Box h="100vh" p="xs" data-testid="explore-standalone"><ChartPane standalone onSave={() => undefined} canSave={false} /></Box>;
  const type = getChartType(formData.viz_type);
  const canOverwrite = snap.slice !== null && (user.isAdmin || snap.slice.owners.some((o) => o.id === user.id));
  const dataset = snap.dataset as typeof exploreStore.dataset & object;
  return (
    <Box className="explore-layout" style={{ display: "grid", gridTemplateColumns: "240px 340px 1fr", gap: 16, height: "calc(100vh - 110px)", minHeight: 520 }} data-testid="explore-page">
      <Box style={{ minHeight: 0, overflow: "hidden" }}>
        <DatasetPane dataset={dataset} canSqlLab={Boolean(user.canSqlLab)} />
      </Box>
      <ScrollArea style={{ minHeight: 0 }} data-testid="control-panel">
        <Stack gap="xs" pr="xs">
          <VizTypePicker value={String(formData.viz_type)} onChange={setVizType} />
          {type && <ControlPanel panel={type.controlPanel} formData={formData} errors={validationErrors(formData)} dataset={dataset} answer={(snap.chart.queriesData?.[0] ?? null) as QueryData | null} onChange={setControl} />}
        </Stack>
      </ScrollArea>
      <Box style={{ minHeight: 0, minWidth: 0, overflowY: "auto" }}>
        <ChartPane onSave={() => setSaveOpen(true)} canSave={user.canWriteChart} canSqlLab={Boolean(user.canSqlLab)} canWriteReport={Boolean(user.canWriteReport)} canRestore={canOverwrite && user.canWriteChart} />
      </Box>
      {saveOpen && (
        <SaveModal opened onClose={() => setSaveOpen(false)} sliceName={snap.sliceName} canOverwrite={canOverwrite} userId={user.id} />
      )}
    </Box>
  );
}
