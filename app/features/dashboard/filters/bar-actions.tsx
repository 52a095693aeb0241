import { lazy, Suspense, useState } from "react";
import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconCheck, IconSettings } from "@tabler/icons-react";
import { useSnapshot } from "valtio";
import { useTranslation } from "../../../i18n/react";
import { withOrientation, type FilterBarOrientation } from "../../../../core/dashboards/filters/setup";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { hasPendingChanges, type FiltersState, type FiltersStore } from "./store";

// What both bars share: "Apply filters" (refused while a required filter has no value) and "Clear all", and the
// settings menu where an editor turns cross-filtering on or off (json_metadata.cross_filters_enabled), scopes
// cross-filters (the scoping modal) and turns the bar vertical or horizontal (json_metadata.filter_bar_orientation).

export function useBarActions(store: FiltersStore) {
  const { t } = useTranslation();
  const snap = useSnapshot(store.state) as FiltersState;
  const [showMissing, setShowMissing] = useState(false);
  const missing = new Set(showMissing ? store.missing().map((f) => f.id) : []);
  const anything = Object.values(snap.pending).some((v) => v !== null) || Object.values(snap.applied).some((v) => v !== null) || Object.keys(snap.cross).length > 0;
  const apply = () => {
    const blocked = store.missing();
    setShowMissing(true);
    if (blocked.length) return showToast("warning", t("Required filters need a value: {{names}}", { names: blocked.map((f) => f.name).join(", ") }));
    store.apply();
  };
  const clear = () => {
    setShowMissing(false);
    store.clearAll();
  };
  return { missing, anything, pending: hasPendingChanges(snap), apply, clear };
}

export function ApplyButtons({ actions, grow = true }: { actions: ReturnType<typeof useBarActions>; grow?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" grow={grow} wrap="nowrap" style={grow ? undefined : { flexShrink: 0 }}>
      <Button size="xs" variant="default" disabled={!actions.anything} onClick={actions.clear} data-testid="filter-bar-clear">{t("Clear all")}</Button>
      <Button size="xs" disabled={!actions.pending} onClick={actions.apply} data-testid="filter-bar-apply">{t("Apply filters")}</Button>
    </Group>
  );
}

/** Reads the dashboard's json_metadata, changes it with `change`, writes it back; the problem's message, or null. */
async function patchMetadata(dashboardId: number, change: (jsonMetadata: string | null) => string, csrfToken: string | null): Promise<string | null> {
  const current = await apiCall<{ result: { json_metadata: string | null } }>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken);
  if (!current.ok) return current.message;
  const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { json_metadata: change(current.body.result.json_metadata) });
  return res.ok ? null : res.message;
}

function withCrossFiltersEnabled(jsonMetadata: string | null, enabled: boolean): string {
  let meta: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(jsonMetadata || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
  } catch {
    // unreadable metadata is replaced by the setting alone
  }
  return JSON.stringify({ ...meta, cross_filters_enabled: enabled });
}

// the scoping modal loads when an editor opens it
const CrossScopingModal = lazy(() => import("./CrossScopingModal").then((m) => ({ default: m.CrossScopingModal })));

export function BarSettings({ store, dashboardId, csrfToken }: { store: FiltersStore; dashboardId: number; csrfToken: string | null }) {
  const { t } = useTranslation();
  const { orientation, crossFiltersEnabled } = useSnapshot(store.state);
  const [scoping, setScoping] = useState(false);
  const choose = async (o: FilterBarOrientation) => {
    if (o === orientation) return;
    const before = store.state.orientation;
    store.state.orientation = o;
    const problem = await patchMetadata(dashboardId, (m) => withOrientation(m, o), csrfToken);
    if (problem) {
      store.state.orientation = before;
      showToast("danger", problem);
    }
  };
  const toggleCross = async () => {
    const next = !store.state.crossFiltersEnabled;
    store.state.crossFiltersEnabled = next;
    // turned off, the cross-filters in force go (Superset clears them)
    if (!next) for (const id of Object.keys(store.state.cross)) store.removeCross(id);
    const problem = await patchMetadata(dashboardId, (m) => withCrossFiltersEnabled(m, next), csrfToken);
    if (problem) {
      store.state.crossFiltersEnabled = !next;
      showToast("danger", problem);
    }
  };
  const item = (o: FilterBarOrientation, label: string) => (
    <Menu.Item onClick={() => void choose(o)} rightSection={orientation === o ? <IconCheck size={14} /> : null} data-testid={`filter-bar-orientation-${o.toLowerCase()}`}>{label}</Menu.Item>
  );
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t("Filter bar settings")} data-testid="filter-bar-settings"><IconSettings size={16} /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void toggleCross()} rightSection={crossFiltersEnabled ? <IconCheck size={14} /> : null} data-testid="filter-bar-cross-enabled">{t("Enable cross-filtering")}</Menu.Item>
          <Menu.Item onClick={() => setScoping(true)} disabled={!crossFiltersEnabled} data-testid="filter-bar-cross-scoping">{t("Cross-filtering scoping")}</Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t("Orientation of filter bar")}</Menu.Label>
          {item("VERTICAL", t("Vertical (Left)"))}
          {item("HORIZONTAL", t("Horizontal (Top)"))}
        </Menu.Dropdown>
      </Menu>
      {scoping && (
        <Suspense fallback={null}>
          <CrossScopingModal dashboardId={dashboardId} store={store} csrfToken={csrfToken} onClose={() => setScoping(false)} />
        </Suspense>
      )}
    </>
  );
}
