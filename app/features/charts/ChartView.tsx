import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Center, Group, Loader, Pagination, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { DATA_TABLE_SHARE, type BigNumberModel, type ChartModel, type HandlebarsModel, type PivotTableModel, type TableModel } from "../../../core/charts/contract";
import type { ChartPick } from "../../../core/charts/cross-filter";
import { useElementSize } from "@mantine/hooks";
import { fittedFontSize } from "./fit-text";
import { sparklineSegments } from "../../../core/charts/sparkline";
import { tablePage } from "../../../core/charts/types/table/pages";
import { pivotCellText, pivotLayout } from "../../../core/charts/types/pivot_table_v2/layout";
import { usePaginationLabels } from "../../components/pagination-labels";

// Draws any chart type's model (core/charts transformProps): Chart.js configs on a canvas, tables, pivot tables,
// big numbers, and the empty-result message. Shared by Explore and (later) dashboards.

const loadChartJs = () => import("./ChartJsCanvas");
const loadHandlebars = () => import("./HandlebarsView");
const HandlebarsViewLazy = lazy(loadHandlebars);
let handlebarsModule: Awaited<ReturnType<typeof loadHandlebars>> | null = null;
const ChartJsCanvasLazy = lazy(loadChartJs);
/** the module once loaded: drawn without React.lazy's one suspension per lazy element */
let chartJsModule: Awaited<ReturnType<typeof loadChartJs>> | null = null;
const noSubscription = () => () => {};
/** False on the server and while hydrating, true after: the canvas is drawn in the browser only (vite.config.ts). */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/**
 * Loads what drawing `model` needs (Chart.js, the plugins of its type): a dashboard grants a chart its turn to
 * draw only once this settled, so the draw itself never waits on the network. Browser only.
 */
export function prepareChartModel(model: ChartModel): Promise<unknown> {
  if (model.kind === "handlebars") return loadHandlebars().then((m) => { handlebarsModule = m; });
  const chartJs = model.kind === "chartjs" ? model : model.kind === "big_number" ? model.trendline : undefined;
  if (!chartJs) return Promise.resolve();
  return loadChartJs().then((m) => {
    chartJsModule = m;
    return m.prepareModel(chartJs);
  });
}
/** A right-click: what is under the pointer (null between elements) and where (dashboards: drill to detail). */
type ContextPick = (p: ChartPick | null, at: { x: number; y: number }) => void;

function ChartJs({ model, width, height, onPick, onContextPick, onDrawn }: { model: Extract<ChartModel, { kind: "chartjs" }>; width?: number; height: number; onPick?: (p: ChartPick) => void; onContextPick?: ContextPick; onDrawn?: () => void }) {
  const loading = <Center h={height}><Loader size="sm" /></Center>;
  const hydrated = useHydrated();
  if (!hydrated) return loading;
  const Canvas = chartJsModule?.default ?? ChartJsCanvasLazy;
  return (
    <Suspense fallback={loading}>
      <Canvas model={model} width={width} height={height} onPick={onPick} onContextPick={onContextPick} onDrawn={onDrawn} />
    </Suspense>
  );
}

/** A handlebars chart: its template's parser and sanitiser load only when one is drawn. */
function Handlebars({ model, height }: { model: HandlebarsModel; height: number }) {
  const loading = <Center h={height}><Loader size="sm" /></Center>;
  const hydrated = useHydrated();
  if (!hydrated) return loading;
  const View = handlebarsModule?.default ?? HandlebarsViewLazy;
  return <Suspense fallback={loading}><View model={model} height={height} /></Suspense>;
}

/** A time-series table's sparkline cell: the line of the row's values, in the text colour. */
function Sparkline({ values, width, height }: { values: (number | null)[]; width: number; height: number }) {
  return (
    <svg width={width} height={height} role="img" aria-label="sparkline" data-testid="sparkline" style={{ display: "block", marginLeft: "auto" }}>
      {sparklineSegments(values, width, height).map((seg, k) => (
        <polyline key={k} points={seg.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")} fill="none" stroke="currentColor" strokeWidth={1.5} />
      ))}
    </svg>
  );
}

/**
 * Tables scroll inside their box, both ways, with scrollbars shown whenever the rows or columns overflow (Mantine's
 * default shows them only while hovered, so a table cut at a dashboard cell's edge looked clipped, not scrollable).
 */
const TABLE_SCROLL = { type: "auto", scrollbars: "xy", offsetScrollbars: true } as const;

/** the room the page control under a paged table takes */
const PAGER_HEIGHT = 32;

function TableView({ model, height, onPick, onContextPick }: { model: TableModel; height: number; onPick?: (p: ChartPick) => void; onContextPick?: ContextPick }) {
  // one page of rows is drawn (core/charts/types/table/pages.ts): a paged 10,000-row result is not 60,000 cells
  const [wantedPage, setPage] = useState(1);
  const pagination = usePaginationLabels();
  const { start, end, pages, page } = tablePage(model.rows.length, model.pageSize, wantedPage);
  const paged = pages > 1;
  return (
    <Stack gap={0} h={height}>
      <ScrollArea h={paged ? height - PAGER_HEIGHT : height} {...TABLE_SCROLL} data-testid="table-chart">
        <Table striped highlightOnHover stickyHeader withTableBorder>
          <Table.Thead>
            <Table.Tr>{model.columns.map((c) => <Table.Th key={c.key} ta={c.isNumeric ? "right" : undefined}>{c.label}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.formatted.slice(start, end).map((row, k) => {
              const i = start + k;
              return (
                <Table.Tr key={i} onClick={onPick && (() => onPick({ row: model.rows[i] }))}
                  onContextMenu={onContextPick && ((e) => (e.preventDefault(), onContextPick({ row: model.rows[i] }, { x: e.clientX, y: e.clientY })))} style={onPick ? { cursor: "pointer" } : undefined}>
                  {model.columns.map((c) => (
                    <Table.Td key={c.key} ta={c.isNumeric ? "right" : undefined} bg={model.cellBackgrounds?.[i]?.[c.key]}>
                      {c.sparkline ? <Sparkline values={model.sparklines?.[i]?.[c.key] ?? []} {...c.sparkline} /> : row[c.key]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          {model.totals && (
            <Table.Tfoot>
              <Table.Tr>{model.columns.map((c, i) => <Table.Th key={c.key} ta={c.isNumeric ? "right" : undefined}>{model.totals?.[c.key] ?? (i === 0 ? "Summary" : "")}</Table.Th>)}</Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {paged && (
        <Group h={PAGER_HEIGHT} justify="flex-end" wrap="nowrap">
          <Pagination {...pagination} size="xs" total={pages} value={page} onChange={setPage} siblings={1} boundaries={1} data-testid="table-chart-pages" />
        </Group>
      )}
    </Stack>
  );
}

/** A pivot table with Superset's nested headers (core/charts/types/pivot_table_v2/layout.ts): a header row per
 * column level, a header column per row level, equal neighbours merged; totals last along each axis. */
function PivotView({ model, height, onPick }: { model: PivotTableModel; height: number; onPick?: (p: ChartPick) => void }) {
  const { rows, columns } = pivotLayout(model);
  const corner = rows.levelNames.length;
  const bodyRows = rows.leaves.length - rows.totals;
  const pick = (dims: string[] | undefined) =>
    onPick && dims ? () => onPick({ row: Object.fromEntries(dims.map((v, i) => [model.rowDims[i], v])) }) : undefined;
  const rowOf = (i: number) => {
    const leaf = rows.leaves[i];
    const total = leaf.key < 0;
    return (
      <Table.Tr key={i}>
        {rows.headsAt[i].map((h) => (
          <Table.Th key={h.level} rowSpan={h.span} colSpan={h.depth} onClick={pick(h.dims)} style={{ verticalAlign: "top", ...(onPick && h.dims ? { cursor: "pointer" } : {}) }}>
            {h.text}
          </Table.Th>
        ))}
        {columns.leaves.map((col, c) => (
          <Table.Td key={c} ta="right" fw={total || col.key < 0 ? (total && col.key < 0 ? 700 : 600) : undefined}>{pivotCellText(model, leaf, col)}</Table.Td>
        ))}
      </Table.Tr>
    );
  };
  const showRowNames = rows.levelNames.some(Boolean);
  return (
    <ScrollArea h={height} {...TABLE_SCROLL} data-testid="pivot-table-chart">
      <Table withTableBorder withColumnBorders stickyHeader>
        <Table.Thead>
          {columns.levels.map((cells, level) => (
            <Table.Tr key={level}>
              <Table.Th colSpan={corner} ta="right" c="dimmed">{columns.levelNames[level]}</Table.Th>
              {cells.map((h) => <Table.Th key={h.start} colSpan={h.span} rowSpan={h.depth} ta="center">{h.text}</Table.Th>)}
            </Table.Tr>
          ))}
          {showRowNames && (
            <Table.Tr>
              {rows.levelNames.map((name, i) => <Table.Th key={i}>{name}</Table.Th>)}
              <Table.Th colSpan={columns.leaves.length} />
            </Table.Tr>
          )}
        </Table.Thead>
        <Table.Tbody>{Array.from({ length: bodyRows }, (_, i) => rowOf(i))}</Table.Tbody>
        {rows.totals > 0 && <Table.Tfoot>{Array.from({ length: rows.totals }, (_, t) => rowOf(bodyRows + t))}</Table.Tfoot>}
      </Table>
    </ScrollArea>
  );
}

/** the room a big number's text leaves on each side of its box (core/render/draw-big-number.ts: SIDE_PAD) */
const BIG_NUMBER_SIDE_PAD = 8;
const COMPARISON_GAP = 16;

function BigNumberView({ model, width, height }: { model: BigNumberModel; width?: number; height: number }) {
  const trendHeight = model.trendline ? Math.round(height * 0.45) : 0;
  const rest = height - trendHeight;
  // sized from the height, shrunk to the width when the figure is wider than the box (the width measured here
  // when the caller does not give it: Explore's pane)
  const { ref, width: measured } = useElementSize();
  const room = (width ?? measured) - 2 * BIG_NUMBER_SIDE_PAD;
  const headline = fittedFontSize(model.headline, Math.max(16, rest * model.headerFontSize), room, true);
  const subheader = model.subheader ? fittedFontSize(model.subheader, Math.max(11, rest * model.subheaderFontSize), room, false) : 0;
  // the comparison row (pop_kpi) shrinks as one line, its items 16 px apart (core/render/draw-big-number.ts alike)
  const comparisons = model.comparisons ?? [];
  const comparisonSize = comparisons.length
    ? fittedFontSize(comparisons.map((c) => `${c.symbol} ${c.text}`).join(""), Math.max(11, rest * model.subheaderFontSize), room - COMPARISON_GAP * (comparisons.length - 1), true)
    : 0;
  return (
    <Stack ref={ref} gap={0} h={height} justify="center" data-testid="big-number-chart">
      <Text ta="center" fw={700} lh={1.1} style={{ fontSize: headline, whiteSpace: "nowrap" }} data-testid="big-number-headline">
        {model.headline}
      </Text>
      {model.subheader && <Text ta="center" c="dimmed" style={{ fontSize: subheader }}>{model.subheader}</Text>}
      {comparisons.length > 0 && (
        <Group justify="center" gap={COMPARISON_GAP} wrap="nowrap" data-testid="big-number-comparisons">
          {comparisons.map((c) => (
            <Text key={c.symbol} title={c.label} fw={700} c={c.color ?? "dimmed"} style={{ fontSize: comparisonSize, whiteSpace: "nowrap" }}>
              {c.symbol} {c.text}
            </Text>
          ))}
        </Group>
      )}
      {model.trendline && <ChartJs model={model.trendline} height={trendHeight} />}
    </Stack>
  );
}

/**
 * `onPick` (dashboards: cross-filters) hears clicks on a chart element or a table row; `onContextPick` right-clicks;
 * `onDrawn` is called once a Chart.js model is on its canvas (other kinds are drawn by React's commit itself).
 * `width` (dashboards: the measured box) draws a Chart.js model at that fixed size instead of filling its box.
 */
export function ChartView({ model, width, height, onPick, onContextPick, onDrawn }: { model: ChartModel; width?: number; height: number; onPick?: (p: ChartPick) => void; onContextPick?: ContextPick; onDrawn?: () => void }) {
  switch (model.kind) {
    case "chartjs": {
      if (!model.dataTable) return <ChartJs model={model} width={width} height={height} onPick={onPick} onContextPick={onContextPick} onDrawn={onDrawn} />;
      // the chart above, its rows' table below (parallel coordinates' data table)
      const top = Math.round(height * DATA_TABLE_SHARE);
      return (
        <Stack gap={0}>
          <ChartJs model={model} width={width} height={top} onPick={onPick} onContextPick={onContextPick} onDrawn={onDrawn} />
          <TableView model={model.dataTable} height={height - top} />
        </Stack>
      );
    }
    case "table":
      return <TableView model={model} height={height} onPick={onPick} onContextPick={onContextPick} />;
    case "pivot_table":
      return <PivotView model={model} height={height} onPick={onPick} />;
    case "big_number":
      return <BigNumberView model={model} width={width} height={height} />;
    case "handlebars":
      return <Handlebars model={model} height={height} />;
    case "empty":
      return <Center h={height}><Text c="dimmed" data-testid="chart-empty">{model.message}</Text></Center>;
  }
}
