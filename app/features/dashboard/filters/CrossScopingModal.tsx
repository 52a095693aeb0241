import { useEffect, useState } from "react";
import { Button, Checkbox, Group, Loader, Modal, NavLink, Radio, ScrollArea, Stack, Text } from "@mantine/core";
import { ROOT_ID } from "../../../../core/dashboards/layout";
import { chartCrossScope, chartsInCustomScope, customScope, globalCrossScope, withChartCrossScope, withGlobalCrossScope } from "../../../../core/dashboards/filters/cross-scope";
import { loadScopingData, saveScoping, type ScopingData } from "./cross-scoping-api";
import type { FiltersStore } from "./store";

// The dashboard's "Cross-filtering scoping" (Superset's ScopingModal from the filter bar settings): the global
// scope (the charts every chart's cross-filters reach unless the chart has its own) and, per chart, "global" or
// its own charts. One PUT saves global_chart_configuration and chart_configuration together.
type Own = Record<number, number[] | "global">;

const GLOBAL = -1;

export function CrossScopingModal({ dashboardId, store, csrfToken, onClose }: { dashboardId: number; store: FiltersStore; csrfToken: string | null; onClose: () => void }) {
  const [loaded, setLoaded] = useState<ScopingData | null>(null);
  const [global, setGlobal] = useState<number[]>([]);
  const [own, setOwn] = useState<Own>({});
  const [selected, setSelected] = useState(GLOBAL);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void loadScopingData(dashboardId, csrfToken).then((data) => {
      if (!data) return;
      const ids = data.charts.map((r) => r.id);
      setGlobal(ids.filter((id) => !globalCrossScope(data.meta).excluded.includes(id)));
      setOwn(Object.fromEntries(ids.map((id) => {
        const s = chartCrossScope(data.meta, id);
        return [id, s === "global" ? "global" : chartsInCustomScope(s, ids, id)];
      })));
      setLoaded(data);
    });
  }, [dashboardId, csrfToken]);

  const save = async () => {
    if (!loaded) return;
    const ids = loaded.charts.map((r) => r.id);
    let meta = withGlobalCrossScope(loaded.meta, { rootPath: [ROOT_ID], excluded: ids.filter((id) => !global.includes(id)) }, ids);
    for (const id of ids) {
      const o = own[id];
      meta = withChartCrossScope(meta, id, o === "global" || o === undefined ? "global" : customScope(ids, o, id), ids);
    }
    setSaving(true);
    const saved = await saveScoping(dashboardId, meta, csrfToken, store);
    setSaving(false);
    if (saved) onClose();
  };

  const charts = loaded?.charts ?? [];
  const current = own[selected];
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  const chartList = (chosen: number[], disabled: boolean, onChange: (next: number[]) => void, self?: number) => (
    <Stack gap={4}>
      {charts.filter((r) => r.id !== self).map((r) => (
        <Checkbox key={r.id} label={r.slice_name} disabled={disabled} checked={chosen.includes(r.id)} onChange={(e) => onChange(toggle(chosen, r.id, e.currentTarget.checked))} />
      ))}
    </Stack>
  );
  return (
    <Modal opened onClose={onClose} title="Cross-filtering scoping" size="lg" data-testid="cross-scoping-modal">
      {!loaded ? <Loader size="sm" /> : (
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ScrollArea.Autosize mah={360} w={220} style={{ flexShrink: 0 }}>
              <NavLink label="All charts (global)" active={selected === GLOBAL} onClick={() => setSelected(GLOBAL)} data-testid="cross-scoping-global" />
              <Text size="xs" c="dimmed" mt="xs" mb={4}>Chart scoping</Text>
              {charts.map((r) => (
                <NavLink key={r.id} label={r.slice_name} description={own[r.id] === "global" ? "Global scope" : "Custom scope"} active={selected === r.id}
                  onClick={() => setSelected(r.id)} data-testid="cross-scoping-chart" />
              ))}
            </ScrollArea.Autosize>
            <ScrollArea.Autosize mah={360} style={{ flex: 1 }}>
              {selected === GLOBAL ? (
                <Stack gap="xs" data-testid="cross-scoping-global-panel">
                  <Text size="sm">Charts the cross-filters of every chart on the global scope reach (a chart never filters itself)</Text>
                  {chartList(global, false, setGlobal)}
                </Stack>
              ) : (
                <Stack gap="xs" data-testid="cross-scoping-chart-panel">
                  <Radio.Group value={current === "global" ? "global" : "custom"} label={`Charts the cross-filters of ${charts.find((r) => r.id === selected)?.slice_name} reach`}
                    onChange={(v) => setOwn({ ...own, [selected]: v === "global" ? "global" : global.filter((id) => id !== selected) })}>
                    <Group gap="md" mt={4}>
                      <Radio value="global" label="Global scope" />
                      <Radio value="custom" label="Custom scope" />
                    </Group>
                  </Radio.Group>
                  {chartList(current === "global" || current === undefined ? global.filter((id) => id !== selected) : current, current === "global", (next) => setOwn({ ...own, [selected]: next }), selected)}
                </Stack>
              )}
            </ScrollArea.Autosize>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button loading={saving} onClick={() => void save()} data-testid="cross-scoping-save">Save</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
