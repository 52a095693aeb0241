import { useState } from "react";
import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconCheck, IconSettings } from "@tabler/icons-react";
import { useSnapshot } from "valtio";
import { withOrientation, type FilterBarOrientation } from "../../../../core/dashboards/filters/setup";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { hasPendingChanges, type FiltersState, type FiltersStore } from "./store";

// What both bars share: "Apply filters" (refused while a required filter has no value) and "Clear all", and the
// settings menu where an editor turns the bar vertical or horizontal (json_metadata.filter_bar_orientation).

export function useBarActions(store: FiltersStore) {
  const snap = useSnapshot(store.state) as FiltersState;
  const [showMissing, setShowMissing] = useState(false);
  const missing = new Set(showMissing ? store.missing().map((f) => f.id) : []);
  const anything = Object.values(snap.pending).some((v) => v !== null) || Object.values(snap.applied).some((v) => v !== null) || Object.keys(snap.cross).length > 0;
  const apply = () => {
    const blocked = store.missing();
    setShowMissing(true);
    if (blocked.length) return showToast("warning", `Required filters need a value: ${blocked.map((f) => f.name).join(", ")}`);
    store.apply();
  };
  const clear = () => {
    setShowMissing(false);
    store.clearAll();
  };
  return { missing, anything, pending: hasPendingChanges(snap), apply, clear };
}

export function ApplyButtons({ actions, grow = true }: { actions: ReturnType<typeof useBarActions>; grow?: boolean }) {
  return (
    <Group gap="xs" grow={grow} wrap="nowrap" style={grow ? undefined : { flexShrink: 0 }}>
      <Button size="xs" variant="default" disabled={!actions.anything} onClick={actions.clear} data-testid="filter-bar-clear">Clear all</Button>
      <Button size="xs" disabled={!actions.pending} onClick={actions.apply} data-testid="filter-bar-apply">Apply filters</Button>
    </Group>
  );
}

async function saveOrientation(dashboardId: number, orientation: FilterBarOrientation, csrfToken: string | null): Promise<string | null> {
  const current = await apiCall<{ result: { json_metadata: string | null } }>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken);
  if (!current.ok) return current.message;
  const json_metadata = withOrientation(current.body.result.json_metadata, orientation);
  const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { json_metadata });
  return res.ok ? null : res.message;
}

export function BarSettings({ store, dashboardId, csrfToken }: { store: FiltersStore; dashboardId: number; csrfToken: string | null }) {
  const { orientation } = useSnapshot(store.state);
  const choose = async (o: FilterBarOrientation) => {
    if (o === orientation) return;
    const before = store.state.orientation;
    store.state.orientation = o;
    const problem = await saveOrientation(dashboardId, o, csrfToken);
    if (problem) {
      store.state.orientation = before;
      showToast("danger", problem);
    }
  };
  const item = (o: FilterBarOrientation, label: string) => (
    <Menu.Item onClick={() => void choose(o)} rightSection={orientation === o ? <IconCheck size={14} /> : null} data-testid={`filter-bar-orientation-${o.toLowerCase()}`}>{label}</Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Filter bar settings" data-testid="filter-bar-settings"><IconSettings size={16} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Orientation of filter bar</Menu.Label>
        {item("VERTICAL", "Vertical (Left)")}
        {item("HORIZONTAL", "Horizontal (Top)")}
      </Menu.Dropdown>
    </Menu>
  );
}
