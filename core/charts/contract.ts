// The chart-type contract (variants share one shape): every viz_type is one object with the same four
// parts, looked up by Superset's viz_type name so saved charts and imported bundles open unchanged. Nothing here
// touches the DOM: the Explore page, dashboards and the Worker drawing report emails all call the same code.
import type { CrossFilter } from "./cross-filter";

export type FormData = Record<string, unknown>;

/** Superset's gallery categories. */
export type ChartCategory =
  | "Table" | "KPI" | "Evolution" | "Part of a Whole" | "Distribution" | "Correlation" | "Ranking" | "Flow" | "Map" | "Other";

export interface ChartMetadata {
  name: string;
  category: ChartCategory;
  description: string;
  tags: string[];
}

// ---- control panel -------------------------------------------------------------------------------------------

/** The control widgets the Explore page knows how to draw (Superset's names for them). */
export type ControlType =
  | "MetricsControl" | "MetricControl" | "GroupByControl" | "ColumnControl" | "XAxisControl" | "AdhocFilterControl"
  | "SelectControl" | "TextControl" | "NumberControl" | "CheckboxControl" | "SliderControl" | "BoundsControl"
  | "ColorSchemeControl" | "SequentialColorSchemeControl" | "ColorPickerControl" | "TimeGrainControl" | "TimeRangeControl"
  | "AnnotationLayerControl" | "ConditionalFormattingControl" | "TextAreaControl"
  /** a list of settings objects edited as JSON (the time-series table's column collection) */
  | "JsonListControl";

/** Declarative validators: data rather than functions, so a panel can be serialised and checked on the server. */
export type Validator =
  | { kind: "nonEmpty" }
  | { kind: "integer" }
  | { kind: "number" }
  /** `max` null means the configured SQL_MAX_ROW (100000 when unset), as Superset's row_limit validator does. */
  | { kind: "maxValue"; max: number | null };

export interface Control {
  name: string;
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /** [value, label] pairs; with freeForm a user may also type a value of their own. */
  choices?: [unknown, string][];
  freeForm?: boolean;
  multi?: boolean;
  min?: number;
  max?: number;
  step?: number;
  validators?: Validator[];
  /** Changing it redraws from the data already loaded: no new query (Superset's renderTrigger). */
  renderTrigger?: boolean;
  /** Shown (and validated) only when this answers true for the current form data (and the dataset's columns, where
   * Explore knows them: Superset's visibility reads the x-axis column's type). */
  visibility?: (formData: FormData, columns?: readonly VisibilityColumn[]) => boolean;
}

/** What a control's visibility may read of a dataset column. */
export interface VisibilityColumn {
  column_name: string;
  is_dttm?: boolean;
}

export interface ControlSection {
  label: string;
  expanded?: boolean;
  description?: string;
  controls: Control[];
}

export interface ControlPanel {
  sections: ControlSection[];
}

// ---- query context (the body of POST /api/v1/chart/data) -----------------------------------------------------

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
}

export interface QueryFilterClause {
  col: unknown;
  op: string;
  val?: unknown;
  isExtra?: boolean;
}

export interface QueryObjectBody {
  [key: string]: unknown;
  columns?: unknown[];
  metrics?: unknown[];
  filters?: QueryFilterClause[];
  extras?: Record<string, unknown>;
  orderby?: [unknown, boolean][];
  post_processing?: PostProcessingStep[];
}

export interface QueryContextBody {
  datasource: { id: number; type: string };
  force: boolean;
  queries: QueryObjectBody[];
  form_data: FormData;
  result_format: string;
  result_type: string;
}

// ---- transformProps ------------------------------------------------------------------------------------------

/** One entry of the chart-data answer's `result` list. Temporal values are epoch milliseconds. */
export interface QueryData {
  data: Record<string, unknown>[];
  colnames?: string[];
  coltypes?: number[];
  rowcount?: number;
  [key: string]: unknown;
}

export interface ChartTheme {
  dark?: boolean;
  textColor?: string;
  gridColor?: string;
}

export interface ChartPropsInput {
  formData: FormData;
  queriesData: QueryData[];
  width: number;
  height: number;
  theme?: ChartTheme;
  /** the dataset's verbose names (Superset's datasource.verbose_map): a saved metric "sum__num" labelled "Births" */
  verboseMap?: Readonly<Record<string, string>>;
}

/** What Chart.js's `new Chart(ctx, config)` takes; types from plugins (matrix, treemap, sankey...) are named here
 * and registered by the browser renderer. Callbacks in options are plain functions, so no JSON round trip. */
export interface ChartJsModel {
  kind: "chartjs";
  type: string;
  data: { labels?: unknown[]; datasets: Record<string, unknown>[] };
  options: Record<string, unknown>;
  /** a table of the chart's rows drawn under it (parallel coordinates' show_datatable): the chart takes the top
   * DATA_TABLE_SHARE of the height */
  dataTable?: TableModel;
}

/** With a data table under a chart, the chart's share of the height. */
export const DATA_TABLE_SHARE = 0.6;

export interface TableColumnModel {
  key: string;
  label: string;
  isMetric: boolean;
  isNumeric: boolean;
  isTemporal: boolean;
  isPercentMetric?: boolean;
  /** Value range for cell bars. */
  min?: number;
  max?: number;
  /** a column of sparklines (the time-series table): each row's cell is drawn as a line of its values */
  sparkline?: { width: number; height: number };
}

export interface TableModel {
  kind: "table";
  columns: TableColumnModel[];
  /** Raw values, one record per row, keyed by column key. */
  rows: Record<string, unknown>[];
  /** The text each cell shows, same shape as rows. */
  formatted: Record<string, string>[];
  pageSize: number;
  showCellBars: boolean;
  colorPositiveNegative: boolean;
  /** Conditional formatting: a background colour per row for the cells its rules match. */
  cellBackgrounds?: Record<string, string>[];
  /** per row, the values a sparkline column's cell draws (see TableColumnModel.sparkline) */
  sparklines?: Record<string, (number | null)[]>[];
  totals?: Record<string, string>;
}

/** A pivot table: row and column keys (tuples of dimension values, sorted), one cell per row key × column key ×
 * metric. Totals are present when the form data asks for them. */
export interface PivotTableModel {
  kind: "pivot_table";
  rowDims: string[];
  colDims: string[];
  metrics: string[];
  /** what the headers show for the dimensions and metrics: the dataset's verbose names where it has them */
  labels: { rowDims: string[]; colDims: string[]; metrics: string[] };
  metricsLayout: "COLUMNS" | "ROWS";
  rowKeys: string[][];
  colKeys: string[][];
  /** values[row][col][metric] */
  values: (number | null)[][][];
  formatted: string[][][];
  rowTotals?: string[][];
  colTotals?: string[][];
  grandTotals?: string[];
  /** the totals as numbers (row key × metric, column key × metric, metric) and their label "Total (Sum)" */
  totalValues?: { rows: (number | null)[][]; cols: (number | null)[][]; grand: (number | null)[]; label: string };
}

export interface BigNumberModel {
  kind: "big_number";
  value: number | null;
  headline: string;
  subheader: string;
  headerFontSize: number;
  subheaderFontSize: number;
  trendline?: ChartJsModel;
  /** period over period (pop_kpi): the previous value, the difference and the change, in a row under the number;
   * `color` when the chart colours the change (green or red by its sign and the chosen scheme) */
  comparisons?: { symbol: string; label: string; text: string; color?: string }[];
}

/** A handlebars chart: the user's template and CSS and the rows it is evaluated over (as `data`). The browser
 * evaluates and sanitises it (core/charts/types/handlebars/render.ts); it is not drawn on the server. */
export interface HandlebarsModel {
  kind: "handlebars";
  template: string;
  style: string;
  data: Record<string, unknown>[];
}

export interface EmptyModel {
  kind: "empty";
  message: string;
}

export type ChartModel = ChartJsModel | TableModel | PivotTableModel | BigNumberModel | HandlebarsModel | EmptyModel;

/** The example chart made for a type at first start, so a newcomer sees every type working after `npm start`.
 * It lives in the type's folder (a type is one folder), and is built on one of the product's example datasets. */
export interface ChartExample {
  /** The chart's slice_name. */
  name: string;
  /** table_name of one of the product's example datasets (core/examples). */
  dataset: string;
  /** Form data without datasource and viz_type, which are filled in when the chart is created. */
  params: FormData;
}

export interface ChartType {
  metadata: ChartMetadata;
  controlPanel: ControlPanel;
  buildQuery: (formData: FormData) => QueryContextBody;
  transformProps: (input: ChartPropsInput) => ChartModel;
  /** what a click on the drawn chart cross-filters on a dashboard (absent: the type emits no cross-filters) */
  crossFilter?: CrossFilter;
}
