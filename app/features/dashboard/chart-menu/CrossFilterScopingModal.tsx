import { useEffect, useState } from "react";
import { Button, Checkbox, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from "@mantine/core";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { chartCrossScope, chartsInCustomScope, customScope, globalCrossScope, withChartCrossScope, type ChartCrossScope } from "../../../../core/dashboards/filters/cross-scope";
import { crossFilterConfig } from "../../../../core/dashboards/filters/scope";
import { useFiltersStore } from "../filters/context";

// Superset's "Cross-filtering scoping" of a chart: its cross-filters reach all charts or the charts chosen here;
// saved into json_metadata.chart_configuration (PUT /api/v1/dashboard/{id}), and the open dashboard follows at once.

interface ChartRow { id: number; slice_name: string }

export function CrossFilterScopingModal({ dashboardId, chartId, title, csrfToken, onClose }: {
  dashboardId: number;
  chartId: number;
  title: string;
  csrfToken: string | null;
  onClose: () => void;
}) {
  const store = useFiltersStore();
  const [loaded, setLoaded] = useState<{ meta: Record<string, unknown>; charts: ChartRow[] } | null>(null);
  const [mode, setMode] = useState<"global" | "custom">("global");
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([
      apiCall<{ result: { json_metadata: string | null } }>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken),
      apiCall<{ result: ChartRow[] }>("GET", `/api/v1/dashboard/${dashboardId}/charts`, csrfToken),
    ]).then(([d, c]) => {
      if (!d.ok || !c.ok) return showToast("danger", "Sorry, something went wrong. Try again later.");
      let meta: Record<string, unknown> = {};
      try {
        meta = JSON.parse(d.body.result.json_metadata || "{}") as Record<string, unknown>;
      } catch {
        // unreadable metadata: start from the global scope
      }
      const ids = c.body.result.map((r) => r.id);
      const scope = chartCrossScope(meta, chartId);
      setMode(scope === "global" ? "global" : "custom");
      // on the global scope, the charts it reaches (the dashboard's cross-filtering scoping may have narrowed it)
      setChosen(chartsInCustomScope(scope === "global" ? globalCrossScope(meta) : scope, ids, chartId));
      setLoaded({ meta, charts: c.body.result });
    });
  }, [dashboardId, chartId, csrfToken]);

  const save = async () => {
    if (!loaded) return;
    const ids = loaded.charts.map((r) => r.id);
    const scope: ChartCrossScope = mode === "global" ? "global" : customScope(ids, chosen, chartId);
    const meta = withChartCrossScope(loaded.meta, chartId, scope, ids);
    setSaving(true);
    const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { json_metadata: JSON.stringify(meta) });
    setSaving(false);
    if (!res.ok) return showToast("danger", "Failed to save cross-filter scoping");
    if (store) store.state.crossScopes = crossFilterConfig(meta);
    onClose();
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
