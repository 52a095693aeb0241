import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { useTranslation } from "../../i18n/react";
import { withFormatLanguage } from "../../../core/charts/format/language";
import type { Language } from "../../../core/i18n/languages";
import { Alert, Anchor, Badge, Box, Center, Group, Loader, Paper, Text, Tooltip, useComputedColorScheme } from "@mantine/core";
import { rowLimitReached } from "../../../core/dashboards/row-limit";
import type { ChartModel, FormData, QueryData } from "../../../core/charts/contract";
import type { VerboseMap } from "../../../core/charts/verbose-map";
import { getChartType } from "../../../core/charts/registry";
import { unavailableTypeMessage } from "../../../core/charts/legacy-migration";
import { ChartView, prepareChartModel } from "../charts/ChartView";
import { fetchChartDataBatched } from "../charts/chart-data-client";
import { useChartFilters } from "./filters/context";
import { AppliedFiltersBadge } from "./filters/AppliedFiltersBadge";
import { crossFilterOf, type ChartPick } from "../../../core/dashboards/filters/cross";
import type { EmbeddedChartData } from "../../../core/dashboards/embedded-data";
import { embeddedResult } from "./embedded-data";
import { useDrawTurn } from "./paint-turn";
import { useChartBox } from "./chart-box";
import { ServerDrawing, useServerDrawing } from "./ServerDrawing";
import { ChartMenu, type ChartMenuProps } from "./chart-menu/ChartMenu";
import { FULL_SIZE_STYLE, useFullSize } from "./chart-menu/useFullSize";
import { useDashboardView, useRefreshSignal } from "./view-context";
import { useLiveChart } from "./live/useLiveDashboard";
import { answerHash, type LiveMessage } from "../../../core/dashboards/live";
import { ChartContextMenu, type ContextMenuAt } from "./chart-menu/ChartContextMenu";
import type { DrillFilter } from "../../../core/dashboards/drill-detail";
import type { DrillByStep } from "../../../core/dashboards/drill-by";

// loaded when first opened (P3's budget)
const DrillDetailModal = lazy(() => import("./chart-menu/DrillDetailModal").then((m) => ({ default: m.DrillDetailModal })));
const DrillByModal = lazy(() => import("./chart-menu/DrillByModal").then((m) => ({ default: m.DrillByModal })));

// One chart of a dashboard. It queries only once it comes near the viewport (charts below the fold wait until
// scrolled to), and each chart owns its request and state, so one slow chart never holds back the others. The
// query is the chart type's buildQuery of the saved form data, as Explore sends it.

export interface DashboardChartData {
  id: number;
  slice_name: string;
  viz_type: string;
  slice_url: string;
  form_data: Record<string, unknown>;
  /** cached chart data the page's server pass embedded (drawn without a request when it answers this chart's query) */
  initial_data?: EmbeddedChartData;
  description?: string;
  /** the verbose names of the columns and saved metrics it names (the page's server pass reads them) */
  verbose_map?: VerboseMap;
}

type State =
  | { status: "waiting" }
  | { status: "loading" }
  | { status: "success"; queriesData: QueryData[] }
  | { status: "failed"; error: string };

const HEADER_HEIGHT = 32;

type Drawable = ChartModel | { kind: "error"; message: string };
const prepareDrawable = (m: Drawable) => (m.kind === "error" ? Promise.resolve() : prepareChartModel(m));

/**
 * The chart's title, filter indicators and menu: memoised on props that stay the same while the chart loads, so
 * the several renders of a loading chart (in view and measured, data in, drawn) do not render its header again.
 */
const ChartHeader = memo(function ChartHeader({ title, names, limit, menu }: { title: string; names: ComponentProps<typeof AppliedFiltersBadge>; limit: number | null; menu: ChartMenuProps | null }) {
  return (
    <Group justify="space-between" wrap="nowrap" h={HEADER_HEIGHT} gap="xs">
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate data-testid="dashboard-chart-title">{title}</Text>
        <AppliedFiltersBadge {...names} />
      </Group>
      <Group gap={4} wrap="nowrap">
        {limit !== null && (
          <Tooltip label={`Limit reached: the chart shows its first ${limit.toLocaleString("en-US")} rows and may show partial data`} withArrow>
            <Badge color="yellow" variant="light" size="sm" data-testid="row-limit-warning">Limit reached</Badge>
          </Tooltip>
        )}
        {menu && <ChartMenu {...menu} />}
      </Group>
    </Group>
  );
}, (a, b) => a.title === b.title && a.names === b.names && a.limit === b.limit && (a.menu === b.menu || (a.menu !== null && b.menu !== null && shallowEqual(a.menu, b.menu))));

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/** Memoised: a dashboard re-render (a tab switch, a refresh signal) re-renders no chart whose props are the same. */
export const DashboardChart = memo(function DashboardChart({ layoutId, chart, title, width, height, csrfToken }: {
  layoutId: string;
  chart: DashboardChartData | undefined;
  title: string;
  width: string;
  height: number;
  csrfToken: string | null;
}) {
  const { boxRef, drawRef, near, width: drawWidth, height: drawHeight } = useChartBox<HTMLDivElement, HTMLDivElement>();
  const dark = useComputedColorScheme("light") === "dark";
  // the dashboard's native filters and cross-filters reach the chart as extra_form_data (a new mask re-queries)
  const filters = useChartFilters(chart?.id, title);
  // (an empty mask leaves the saved form data as it is, so the request matches the one the server embedded)
  const formData = useMemo(() => chart && (filters.extraFormData && Object.keys(filters.extraFormData).length ? { ...chart.form_data, extra_form_data: filters.extraFormData } : chart.form_data) as FormData | undefined,
    [chart, filters.extraFormData]);
  // data the page's server pass embedded serves only the very request this chart sends now (a default filter
  // value changes the request, and the chart then queries)
  const [embedded] = useState(() => embeddedResult(formData, chart?.initial_data));
  const [state, setState] = useState<State>(() => (embedded ? { status: "success", queriesData: embedded } : { status: "waiting" }));
  const view = useDashboardView();
  const [fullSize, toggleFullSize] = useFullSize();
  const [described, setDescribed] = useState(() => Boolean(chart && view.expandedSlices[String(chart.id)]));

  const seq = useRef(0);
  /** the hash of the answer shown, once a live push was compared to it (null: not hashed yet) */
  const shownHash = useRef<string | null>(null);
  const run = useCallback(async (force: boolean) => {
    const mine = ++seq.current; // a newer query (the filters changed again) wins over a slower older one
    const type = getChartType(formData?.viz_type);
    if (!formData || !type) return setState({ status: "failed", error: unavailableTypeMessage(String(formData?.viz_type)) });
    setState({ status: "loading" });
    let body: Record<string, unknown>;
    try {
      body = { ...type.buildQuery(formData), force };
    } catch (e) {
      return setState({ status: "failed", error: e instanceof Error ? e.message : String(e) });
    }
    // charts asking in the same task share one batch request; a 202 (async queries on) is followed to its result
    const res = await fetchChartDataBatched(body, csrfToken);
    if (mine !== seq.current) return;
    // answers arriving together (one chunk of the batch stream) render in slices, not in one task
    shownHash.current = null; // the chart's own answer: hashed when the next push is compared to it
    startTransition(() => setState(res.ok ? { status: "success", queriesData: res.result } : { status: "failed", error: res.message }));
  }, [formData, csrfToken]);

  // the mask the shown data was asked with: embedded data answered the mask of the first render
  const queried = useRef<string | null>(embedded ? filters.maskKey : null);
  useEffect(() => {
    if (near && queried.current !== filters.maskKey) {
      queried.current = filters.maskKey;
      void run(false);
    }
  }, [near, filters.maskKey, run]);
  useRefreshSignal(chart?.id, state.status !== "waiting", run);
  // a live dashboard's pushes (issue 29): drawn only when the answer differs from the one shown (its hash)
  const stateNow = useRef(state);
  stateNow.current = state;
  useLiveChart(chart?.id, filters.extraFormData, useCallback((m: LiveMessage) => {
    const now = stateNow.current;
    if (now.status === "waiting" || now.status === "loading") return; // not queried yet, or its own query is on the way
    if (shownHash.current === null && now.status === "success") shownHash.current = answerHash(now.queriesData);
    if (m.hash === shownHash.current) return;
    shownHash.current = m.hash;
    seq.current++; // an older query of the chart's own must not overwrite the pushed answer
    startTransition(() => setState(m.type === "answer" ? { status: "success", queriesData: m.result as QueryData[] } : { status: "failed", error: m.message }));
  }, []));

  const { emitCross } = filters;
  const onPick = useCallback((p: ChartPick) => {
    const hits = chart && emitCross ? crossFilterOf(chart.form_data, p) : null;
    if (hits) emitCross!(hits);
  }, [chart, emitCross]);
  // right-click: drill to detail, by the value under the pointer when the chart can name its column
  const [contextAt, setContextAt] = useState<ContextMenuAt | null>(null);
  const [drill, setDrill] = useState<DrillFilter[] | null>(null);
  const [drillBy, setDrillBy] = useState<DrillByStep | null>(null);
  // stable, for the memoised header
  const imageOf = useCallback(() => boxRef.current, [boxRef]);
  const onForceRefresh = useCallback(() => void run(true), [run]);
  const onDrillToDetail = useCallback(() => setDrill([]), []);
  const onToggleDescription = useCallback(() => setDescribed((d) => !d), []);
  const onContextPick = useCallback((p: ChartPick | null, at: { x: number; y: number }) => {
    const hits = p && chart ? crossFilterOf(chart.form_data, p) : null;
    setContextAt({ ...at, filters: (hits ?? []).map((h) => ({ col: h.col, op: "==" as const, val: h.value })) });
  }, [chart]);
  // numbers and dates in the page's language (core/charts/format/language.ts), on the server as in the browser
  const language = useTranslation().i18n.language as Language;
  const latest = useMemo((): Drawable | null => {
    if (state.status !== "success" || !near || !formData || drawWidth === 0) return null;
    try {
      return withFormatLanguage(language, () => getChartType(formData.viz_type)!.transformProps({ formData, queriesData: state.queriesData as never, width: drawWidth, height: drawHeight, theme: { dark }, verboseMap: chart?.verbose_map }));
    } catch (e) {
      return { kind: "error", message: e instanceof Error ? e.message : String(e) };
    }
  }, [state, near, formData, drawWidth, drawHeight, dark, chart?.verbose_map, language]);
  // charts draw in turns (paint-turn.ts); a chart being queried again keeps its drawing until its new one is drawn
  const { shown, drawn } = useDrawTurn(latest, prepareDrawable);
  const model = state.status === "failed" ? null : shown;
  const current = model !== null && model === latest;
  // the server's drawing shows until the live chart (or an error) takes its place, then never again
  // (drawn from the embedded data: a chart that does not show that data, a default filter value having changed its
  // request, does not show its drawing either; the server's render computes the same, so hydration matches)
  const serverDrawing = useServerDrawing(layoutId, embedded ? chart?.id : undefined);
  const [replaced, setReplaced] = useState(false);
  const live = (current && model.kind !== "error") || state.status === "failed" || model?.kind === "error";
  useEffect(() => {
    if (live) setReplaced(true);
  }, [live]);
  const drawingShown = serverDrawing !== null && !replaced && !live;
  // Chart.js models say when they are on the canvas; everything else is drawn by the commit
  useEffect(() => {
    if (shown && shown.kind !== "chartjs") drawn();
  }, [shown, drawn]);

  if (!chart) {
    return (
      <Paper withBorder p="xs" style={{ width, height }} data-testid="dashboard-chart-missing">
        <Alert color="yellow" variant="light">There is no chart definition associated with this component, could it have been deleted?</Alert>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xs" ref={boxRef} id={layoutId} style={{ width, height, display: "flex", flexDirection: "column", flexShrink: 0, ...(fullSize ? FULL_SIZE_STYLE : {}) }}
      data-testid="dashboard-chart" data-chart-id={chart.id} data-status={state.status} data-full-size={fullSize || undefined} data-filters-applied={filters.applied.length}
      data-painted={current && model.kind !== "error" ? "" : undefined}>
      <ChartHeader title={title} names={filters.names} limit={view.rowLimitWarning && state.status === "success" && formData ? rowLimitReached(formData, state.queriesData) : null} menu={!view.hideChartControls && formData ? {
        chartId: chart.id, layoutId, title, canScopeCrossFilters: Boolean(emitCross && getChartType(chart.form_data.viz_type as string)?.crossFilter), sliceUrl: chart.slice_url, formData, csrfToken,
        hasDescription: Boolean(chart.description), fullSize, imageOf, onForceRefresh, onDrillToDetail, onToggleFullSize: toggleFullSize, onToggleDescription,
      } : null} />
      {described && chart.description && <Text size="xs" c="dimmed" mb={4} style={{ whiteSpace: "pre-wrap" }} data-testid="chart-description">{chart.description}</Text>}
      {/* the right-click menu (drill to detail, drill by) stays in every standalone / uiConfig mode: hidden chart
          controls are the header's menu only, as Superset's ChartRenderer offers its context menu wherever it is */}
      <Box ref={drawRef} style={{ flex: 1, minHeight: 0, position: "relative" }} onContextMenu={!model || model.kind === "error" ? undefined : (e) => {
        // charts that report what was clicked handled it already; elsewhere (big numbers, pivot tables) no value
        if (e.defaultPrevented) return;
        e.preventDefault();
        onContextPick(null, { x: e.clientX, y: e.clientY });
      }}>
        {drawingShown && <ServerDrawing layoutId={layoutId} html={serverDrawing} />}
        {!current && state.status !== "failed" && (model
          ? <Center pos="absolute" inset={0} style={{ zIndex: 1, pointerEvents: "none" }} data-testid="chart-reloading"><Loader size="sm" /></Center>
          : <Center h="100%" lightHidden={drawingShown}><Loader size="sm" /></Center>)}
        {state.status === "failed" && (
          <Alert {...(getChartType(formData?.viz_type) ? { color: "red", title: "Unexpected error" } : { color: "yellow", title: "Chart type not available" })} variant="light" data-testid="dashboard-chart-error">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{state.error}</Text>
            {!view.embedded && <Anchor size="sm" href={chart.slice_url}>Open in Explore</Anchor>}
          </Alert>
        )}
        {model?.kind === "error" && <Alert color="red" variant="light" title="The chart could not be drawn">{model.message}</Alert>}
        {model && model.kind !== "error" && <ChartView model={model} width={drawWidth} height={drawHeight} onPick={emitCross && onPick} onContextPick={onContextPick} onDrawn={drawn} />}
      </Box>
      {contextAt && formData && (
        <ChartContextMenu at={contextAt} formData={formData} onClose={() => setContextAt(null)} onDrill={(f) => (setContextAt(null), setDrill(f))}
          onDrillBy={(filters, column) => (setContextAt(null), setDrillBy({ filters, column }))} />
      )}
      {drill && formData && (
        <Suspense fallback={null}>
          <DrillDetailModal title={title} formData={formData} filters={drill} csrfToken={csrfToken} onClose={() => setDrill(null)} />
        </Suspense>
      )}
      {drillBy && formData && (
        <Suspense fallback={null}>
          <DrillByModal title={title} formData={formData} verboseMap={chart?.verbose_map} first={drillBy} csrfToken={csrfToken} onClose={() => setDrillBy(null)} />
        </Suspense>
      )}
    </Paper>
  );
});
