import { useEffect, useState } from "react";
import { Button, Checkbox, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from "@mantine/core";
import { chartCrossScope, chartsInCustomScope, customScope, globalCrossScope, withChartCrossScope, type ChartCrossScope } from "../../../../core/dashboards/filters/cross-scope";
import { loadScopingData, saveScoping, type ScopingData } from "../filters/cross-scoping-api";
import { useFiltersStore } from "../filters/context";

// Superset's "Cross-filtering scoping" of a chart: its cross-filters reach all charts or the charts chosen here;
// saved into json_metadata.chart_configuration (PUT /api/v1/dashboard/{id}), and the open dashboard follows at once.

export function CrossFilterScopingModal({ dashboardId, chartId, title, csrfToken, onClose }: {
  dashboardId: number;
  chartId: number;
  title: string;
  csrfToken: string | null;
  onClose: () => void;
}) {
  const store = useFiltersStore();
  const [loaded, setLoaded] = useState<ScopingData | null>(null);
  const [mode, setMode] = useState<"global" | "custom">("global");
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void loadScopingData(dashboardId, csrfToken).then((data) => {
      if (!data) return;
      const ids = data.charts.map((r) => r.id);
      const scope = chartCrossScope(data.meta, chartId);
      setMode(scope === "global" ? "global" : "custom");
      // on the global scope, the charts it reaches (the dashboard's cross-filtering scoping may have narrowed it)
      setChosen(chartsInCustomScope(scope === "global" ? globalCrossScope(data.meta) : scope, ids, chartId));
      setLoaded(data);
    });
  }, [dashboardId, chartId, csrfToken]);

  const save = async () => {
    if (!loaded) return;
    const ids = loaded.charts.map((r) => r.id);
    const scope: ChartCrossScope = mode === "global" ? "global" : customScope(ids, chosen, chartId);
    const meta = withChartCrossScope(loaded.meta, chartId, scope, ids);
    setSaving(true);
    const saved = await saveScoping(dashboardId, meta, csrfToken, store);
    setSaving(false);
    if (saved) onClose();
  };

  const others = loaded?.charts.filter((r) => r.id !== chartId) ?? [];
  return (
    <Modal opened onClose={onClose} title={`Cross-filtering scoping: ${title}`} data-testid="cross-filter-scoping-modal">
      {!loaded ? <Loader size="sm" /> : (
        <Stack gap="sm">
          <Radio.Group value={mode} onChange={(v) => {
            setMode(v as "global" | "custom");
            // back on the global scope, the list shows what the global scope reaches
            if (v === "global" && loaded) setChosen(chartsInCustomScope(globalCrossScope(loaded.meta), loaded.charts.map((r) => r.id), chartId));
          }} label="Charts this chart's cross-filters apply to">
            <Stack gap={4} mt={4}>
              <Radio value="global" label="Global scope (the dashboard's cross-filtering scoping)" data-testid="cross-scope-global" />
              <Radio value="custom" label="Only the charts chosen below" data-testid="cross-scope-custom" />
            </Stack>
          </Radio.Group>
          <ScrollArea.Autosize mah={300}>
            <Stack gap={4}>
              {others.length === 0 && <Text size="sm" c="dimmed">There are no other charts on this dashboard.</Text>}
              {others.map((r) => (
                <Checkbox key={r.id} label={r.slice_name} disabled={mode === "global"} checked={chosen.includes(r.id)} data-testid="cross-scope-chart"
                  onChange={(e) => setChosen((all) => (e.currentTarget.checked ? [...all, r.id] : all.filter((id) => id !== r.id)))} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button loading={saving} onClick={() => void save()} data-testid="cross-scope-save">Save</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
