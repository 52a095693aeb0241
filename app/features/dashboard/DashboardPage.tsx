import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useGridWidthCookie } from "./ServerDrawing";
import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import { ActionIcon, Badge, Box, Button, Center, Group, Loader, Modal, Stack, Text, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { ROOT_ID, chartIdsInLayout, type Layout } from "../../../core/dashboards/layout";
import { openingTabs } from "../../../core/dashboards/permalink/url-state";
import { dashboardViewOptions } from "../../../core/dashboards/view-options";
import { intervalLabel } from "../../../core/dashboards/refresh";
import { apiCall } from "../../components/api-call";
import { showToast } from "../../components/toast-store";
import { logEvent } from "../../components/event-logger";
import { LayoutNode, type LayoutContext } from "./LayoutNode";
import type { DashboardChartData } from "./DashboardChart";
import type { FilterSetup } from "../../../core/dashboards/filters/setup";
import type { DataMask } from "../../../core/dashboards/filters/types";
import { DashboardFilters } from "./filters/DashboardFilters";
import { appliedDataMask, type FiltersStore } from "./filters/store";
import { useEditMode } from "./edit/useEditMode";
import { DashboardViewContext } from "./view-context";
import { HeaderMenu } from "./header/HeaderMenu";
import { DraftBar } from "./header/DraftBar";
import { DashboardCss } from "./header/DashboardCss";
import { PinnedZone } from "./header/PinnedZone";
import { useDashboardRefresh } from "./header/useDashboardRefresh";
import { LiveContext, useLiveDashboard } from "./live/useLiveDashboard";
import { VIEW_MODE_CSS, useFocusedChart } from "./header/useFocusedChart";

// edit mode's code (builder pane, drag and drop, layout operations) loads only when someone starts editing
const DashboardEditor = lazy(() => import("./edit/DashboardEditor"));

// Superset's dashboard in view mode: the header (title, favourite star, published/draft badge, "edited … ago")
// and the layout. The active tab of each tabs container follows the URL anchor (#TAB-…), as a shared link to a
// tab opens on that tab; switching tabs rewrites the anchor without a navigation.

export interface DashboardView {
  dashboard: {
    id: number;
    title: string;
    published: boolean;
    changedOnHumanized: string | null;
    /** the server's last_modified_time of what was loaded: a save over a newer one is refused (409) */
    lastModifiedTime?: number;
    owners: { id: number; first_name: string; last_name: string }[];
    css?: string;
  };
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  isFavorite: boolean;
  permissions: { canEdit: boolean; canSave: boolean; canShare: boolean; canSaveAs?: boolean; canWriteReport?: boolean; canEmbed?: boolean; canExportData?: boolean };
  filterSetup: FilterSetup;
  /** the shared data mask the page opens with (key: a native_filters_key to keep updating; value null: not found) */
  filterState?: { key: string | null; value: string | null } | null;
  /** a permalink's active tabs */
  permalinkTabs?: string[] | null;
  /** an owner keeps a draft of this published dashboard (the draft bar shows) */
  hasDraft?: boolean;
  /** the dashboard's json_metadata as an object */
  metadata?: Record<string, unknown>;
}

function FavoriteStar({ dashboardId, initial, csrfToken }: { dashboardId: number; initial: boolean; csrfToken: string | null }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(initial);
  const toggle = async () => {
    const res = await apiCall(on ? "DELETE" : "POST", `/api/v1/dashboard/${dashboardId}/favorites/`, csrfToken, undefined, { keepalive: true });
    if (res.ok) setOn(!on);
  };
  return (
    <Tooltip label={on ? t("Unselect as favorite") : t("Select as favorite")}>
      <ActionIcon variant="subtle" color={on ? "yellow" : "gray"} onClick={() => void toggle()} aria-pressed={on}
        aria-label={on ? t("Unselect as favorite") : t("Select as favorite")} data-testid="favorite-star">
        {on ? "★" : "☆"}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Superset's published/draft badge: for those who may edit the dashboard it is a button that flips the status
 * after asking; for everyone else it only shows it.
 */
function PublishedStatus({ dashboardId, initial, canEdit, csrfToken }: { dashboardId: number; initial: boolean; canEdit: boolean; csrfToken: string | null }) {
  const { t } = useTranslation();
  const [published, setPublished] = useState(initial);
  const [asking, setAsking] = useState(false);
  const badge = (
    <Badge variant="light" color={published ? "teal" : "gray"} data-testid="dashboard-status">{published ? t("Published") : t("Draft")}</Badge>
  );
  if (!canEdit) return badge;
  const change = async () => {
    setAsking(false);
    const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { published: !published });
    if (res.ok) setPublished(!published);
    else showToast("danger", t("You do not have permissions to edit this dashboard."));
  };
  return (
    <>
      <Tooltip label={published ? t("This dashboard is published. Click to make it a draft.") : t("This dashboard is not published, it will not show up in the list of dashboards. Click here to publish this dashboard.")}>
        <UnstyledButton onClick={() => setAsking(true)} data-testid="dashboard-status-toggle">{badge}</UnstyledButton>
      </Tooltip>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t("Please confirm")}>
        <Stack>
          <Text>{t("Are you sure you want to change status of this dashboard?")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>{t("Cancel")}</Button>
            <Button onClick={() => void change()} data-testid="confirm-status">{t("OK")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The page inside a host app's iframe (/embedded/{uuid}): the guest's view, and a handle for the SDK's questions. */
export interface EmbeddedMode {
  showFilters: boolean;
  expandFilters: boolean;
  /** dashboardUiConfig.showRowLimitWarning: charts that reached their row limit say so */
  showRowLimitWarning: boolean;
  onReady: (handle: EmbeddedHandle) => void;
}

export interface EmbeddedHandle {
  /** the applied data mask (native filters and cross-filters) */
  dataMask: () => DataMask;
  activeTabs: () => string[];
  /** the filters' store, to follow its changes (observeDataMask) */
  filters: FiltersStore | null;
}

export function DashboardPage({ data, csrfToken, embedded }: { data: DashboardView; csrfToken: string | null; embedded?: EmbeddedMode }) {
  const { t } = useTranslation();
  const { dashboard, layout } = data;
  const [active, setActive] = useState<Record<string, string>>(() => openingTabs(layout, data.permalinkTabs, null));
  // the anchor is known only in the browser (it is never sent to the server); a permalink's anchor is scrolled to
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.replace(/^#/, "")) || null;
    if (!anchor) return;
    setActive(openingTabs(layout, data.permalinkTabs, anchor));
    requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView({ block: "start" }));
  }, [layout, data.permalinkTabs]);
  // view mode: standalone/uiConfig/focused_chart, refresh and auto-refresh, the dashboard's CSS (with a preview)
  const location = useLocation();
  const options = useMemo(() => dashboardViewOptions(location.search), [location.search]);
  const metadata = useMemo(() => data.metadata ?? {}, [data.metadata]);
  const chartIds = useMemo(() => chartIdsInLayout(layout), [layout]);
  // while the live channel is open its server object refreshes the charts; the page's timer waits (the fallback)
  const liveOpen = useRef(false);
  const refresh = useDashboardRefresh(chartIds, metadata, liveOpen);
  const live = useLiveDashboard(dashboard.id, refresh.interval, true);
  liveOpen.current = live.open;
  const [cssPreview, setCssPreview] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const afterSave = (path?: string) =>
    path && path !== location.pathname ? navigate(`${path}${location.search}${location.hash}`, { replace: true }) : revalidator.revalidate();
  const pageRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useGridWidthCookie(contentRef);
  useFocusedChart(layout, options.focusedChart, setActive);
  // what Share puts in a permalink: read when asked, so switching tabs or filtering re-renders no chart
  const filtersRef = useRef<FiltersStore | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const viewState = useMemo(() => ({
    refresh: refresh.signal, hideChartControls: options.hideChartControls,
    expandedSlices: (metadata.expanded_slices ?? {}) as Record<string, boolean>,
    dashboard: { id: dashboard.id, canEdit: data.permissions.canEdit && !embedded },
    embedded: Boolean(embedded),
    rowLimitWarning: !embedded || embedded.showRowLimitWarning,
    canExportData: data.permissions.canExportData !== false,
    share: data.permissions.canShare && !embedded ? {
      dashboardId: dashboard.id, title: dashboard.title,
      state: () => ({ dataMask: filtersRef.current ? appliedDataMask(filtersRef.current.state) : {}, activeTabs: Object.values(activeRef.current) }),
    } : undefined,
  }), [refresh.signal, options.hideChartControls, metadata, data.permissions.canShare, data.permissions.canEdit, data.permissions.canExportData, dashboard.id, dashboard.title, embedded]);
  useEffect(() => {
    embedded?.onReady({
      dataMask: () => (filtersRef.current ? appliedDataMask(filtersRef.current.state) : {}),
      activeTabs: () => Object.values(activeRef.current),
      filters: filtersRef.current,
    });
  }, [embedded]);
  // Superset's mount_dashboard event: the viewed-dashboards list of the home page (recent activity) reads it
  useEffect(() => logEvent("mount_dashboard", { source: "dashboard", source_id: dashboard.id }), [dashboard.id]);
  const edit = useEditMode(data.permissions.canEdit && !embedded);
  if (edit.editing) {
    return (
      <Suspense fallback={<Center h={200}><Loader /></Center>}>
        <DashboardEditor data={data} csrfToken={csrfToken} onExit={edit.exit} published={dashboard.published} />
      </Suspense>
    );
  }
  const ctx: LayoutContext = {
    layout,
    charts: data.charts,
    activeTabs: active,
    csrfToken,
    onTab: (tabsId, tabId) => {
      setActive((a) => ({ ...a, [tabsId]: tabId }));
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}#${tabId}`);
    },
  };
  const root = layout[ROOT_ID];
  return (
    <DashboardViewContext.Provider value={viewState}>
    <LiveContext.Provider value={live.channel}>
    <Stack gap="md" data-testid="dashboard-page" ref={pageRef} className="dashboard" data-dashboard-root="" data-live={live.open || undefined}>
      <style dangerouslySetInnerHTML={{ __html: VIEW_MODE_CSS }} />
      <DashboardCss css={cssPreview ?? dashboard.css ?? ""} />
      {!options.hideTitle && <Group justify="space-between" wrap="nowrap" className="dashboard-header">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} data-testid="dashboard-title">{dashboard.title}</Title>
          {!embedded && <FavoriteStar dashboardId={dashboard.id} initial={data.isFavorite} csrfToken={csrfToken} />}
          {!embedded && <PublishedStatus dashboardId={dashboard.id} initial={dashboard.published} canEdit={data.permissions.canEdit} csrfToken={csrfToken} />}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {!embedded && <Text size="sm" c="dimmed" data-testid="dashboard-edited">
            {[
              dashboard.owners.length ? t("Owners: {{names}}", { names: dashboard.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") }) : "",
              dashboard.changedOnHumanized ? t("Edited {{when}}", { when: dashboard.changedOnHumanized }) : "",
              refresh.interval ? t("Auto-refresh every {{interval}}", { interval: intervalLabel(refresh.interval) }) : "",
            ].filter(Boolean).join(" · ")}
          </Text>}
          {data.permissions.canEdit && !embedded && <Button size="xs" onClick={edit.enter} data-testid="edit-dashboard">{t("Edit dashboard")}</Button>}
          <HeaderMenu dashboard={{ id: dashboard.id, title: dashboard.title, css: dashboard.css ?? "", lastModifiedTime: dashboard.lastModifiedTime }} metadata={metadata}
            canEdit={data.permissions.canEdit && !embedded} canSaveAs={Boolean(data.permissions.canSaveAs) && !embedded} canWriteReport={Boolean(data.permissions.canWriteReport) && !embedded}
            canEmbed={Boolean(data.permissions.canEmbed) && !embedded} csrfToken={csrfToken} interval={refresh.interval}
            onRefresh={refresh.refreshNow} onInterval={refresh.setInterval} onCssPreview={setCssPreview} onSaved={afterSave} imageOf={() => pageRef.current} />
        </Group>
      </Group>}
      {data.permissions.canEdit && !embedded && dashboard.published && data.hasDraft && <DraftBar dashboardId={dashboard.id} csrfToken={csrfToken} onDone={() => window.location.reload()} />}
      <PinnedZone metadata={metadata} />
      <DashboardFilters dashboardId={dashboard.id} setup={data.filterSetup} stored={data.filterState ?? null} layout={layout} charts={data.charts} canEdit={data.permissions.canEdit && !embedded} csrfToken={csrfToken} storeRef={filtersRef}
        barShown={embedded?.showFilters ?? true} barExpanded={embedded?.expandFilters ?? true}>
        <Box ref={contentRef} style={{ containerType: "inline-size" }} className="dashboard-view-grid" data-testid="dashboard-content" data-hide-tab={options.hideTab || undefined}>
          {root && <LayoutNode component={root} ctx={ctx} />}
        </Box>
      </DashboardFilters>
    </Stack>
    </LiveContext.Provider>
    </DashboardViewContext.Provider>
  );
}
