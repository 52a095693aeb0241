// Report chart drawing figures (issue 15, ADR 0014): CPU time to turn a 500-point line chart at 800×400 into a
// PNG with the render Worker's code (transformProps → Chart.js → SVG context → resvg-wasm), in this Node process
// (V8, as workerd), after a warm-up: once-per-isolate set-up (WebAssembly and fonts) is timed on its own. Also a
// 100-row table and a big number with its trendline at 800×400 (drawn without Chart.js but for the trendline).
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { register } from "tsx/esm/api";
import { percentile, round, saveResults } from "./_lib.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const RUNS = 30;

const cpuMs = (since) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };
const bytes = (path) => { const b = readFileSync(join(ROOT, path)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); };

export async function measureChartDrawing() {
  register();
  const { drawChart, drawLayout } = await import("../core/render/draw-chart.ts");
  const { fontTextEngine } = await import("../core/render/font-text.ts");
  const { pngToPdf } = await import("../core/render/pdf.ts");
  const { bigNumberTrend, tableChart } = await import("../core/render/test-charts.ts");
  const { initWasm, Resvg } = await import("@resvg/resvg-wasm");

  const setup0 = process.cpuUsage();
  await initWasm(readFileSync(join(ROOT, "node_modules/@resvg/resvg-wasm/index_bg.wasm")));
  const text = fontTextEngine(bytes("node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"), bytes("node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"));
  const setupMs = cpuMs(setup0);

  const start = Date.UTC(2024, 0, 1);
  const data = Array.from({ length: 500 }, (_, i) => ({ ds: start + i * 86_400_000, count: Math.round(1000 + 400 * Math.sin(i / 25) + i) }));
  const input = {
    formData: { viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1D", metrics: ["count"], groupby: [], show_legend: true, x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER", markerSize: 6 },
    queriesData: [{ colnames: ["ds", "count"], coltypes: [2, 0], data }], width: 800, height: 400,
  };
  const phases = { svg: [], raster: [], total: [], pdf: [] };
  let sample = null;
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = process.cpuUsage();
    const drawing = drawChart(input, text);
    const svgMs = cpuMs(t0);
    const t1 = process.cpuUsage();
    const png = new Resvg(drawing.svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
    const rasterMs = cpuMs(t1);
    const t2 = process.cpuUsage();
    await pngToPdf(png, 800, 400, "bench");
    const pdfMs = cpuMs(t2);
    if (i < 5) continue; // warm-up: V8 compiles the hot paths
    phases.svg.push(svgMs); phases.raster.push(rasterMs); phases.total.push(svgMs + rasterMs); phases.pdf.push(pdfMs);
    sample = { svg_bytes: drawing.svg.length, svg_elements: drawing.svg.split("<path").length - 1, png_bytes: png.length };
  }
  // the other kinds of chart, each SVG + raster: a 100-row table (a screenful of rows drawn, the rest counted) and
  // a big number with its trendline
  const kinds = { table_100_rows: tableChart(100), big_number_trendline: bigNumberTrend };
  const kindFigures = {};
  for (const [name, kindInput] of Object.entries(kinds)) {
    const runs = [];
    let last = null;
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = process.cpuUsage();
      const drawing = drawChart(kindInput, text);
      const png = new Resvg(drawing.svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
      if (i >= 5) runs.push(cpuMs(t0));
      last = { svg_bytes: drawing.svg.length, png_bytes: png.length };
    }
    kindFigures[name] = { ...last, png_total_cpu_ms: { p50: round(percentile([...runs].sort((a, b) => a - b), 50), 1), p90: round(percentile([...runs].sort((a, b) => a - b), 90), 1) } };
  }
  // a 10-chart dashboard picture: two 500-point line charts a row, 784×400 each, 1600 px wide (drawing only: the
  // charts' queries run in parallel in the main Worker before)
  const placed = Array.from({ length: 10 }, (_, i) => ({ ...input, width: 776, height: 400, x: 16 + (i % 2) * 792, y: 16 + Math.floor(i / 2) * 416, title: `Chart ${i + 1}` }));
  const dashboard = [];
  for (let i = 0; i < 8; i++) {
    const t0 = process.cpuUsage();
    const d = drawLayout(placed, 1600, 16 + 5 * 416 + 16, text);
    new Resvg(d.svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
    if (i >= 3) dashboard.push(cpuMs(t0));
  }
  const p = (xs, q) => round(percentile([...xs].sort((a, b) => a - b), q), 1);
  const figures = {
    runs: RUNS, load_average: loadavg().map((l) => round(l, 2)), setup_cpu_ms: round(setupMs, 1), ...sample,
    svg_cpu_ms: { p50: p(phases.svg, 50), p90: p(phases.svg, 90) },
    raster_cpu_ms: { p50: p(phases.raster, 50), p90: p(phases.raster, 90) },
    png_total_cpu_ms: { p50: p(phases.total, 50), p90: p(phases.total, 90), goal: 100 },
    pdf_from_png_cpu_ms: { p50: p(phases.pdf, 50) },
    dashboard_10_charts_1600x2112_png_cpu_ms: { runs: dashboard.length, p50: p(dashboard, 50), max: p(dashboard, 100), goal: 2000 },
    ...Object.fromEntries(Object.entries(kindFigures).map(([name, f]) => [`${name}_800x400`, f])),
  };
  console.log(`500-point line chart, 800×400 → PNG (CPU ms, ${RUNS} runs, load ${figures.load_average.join(" ")}): `
    + `SVG p50 ${figures.svg_cpu_ms.p50}, raster p50 ${figures.raster_cpu_ms.p50}, total p50 ${figures.png_total_cpu_ms.p50} / p90 ${figures.png_total_cpu_ms.p90} (goal ≤ 100); `
    + `PDF from the PNG p50 ${figures.pdf_from_png_cpu_ms.p50}; set-up once ${figures.setup_cpu_ms}; ${sample.svg_elements} SVG paths, PNG ${sample.png_bytes} B; `
    + `10-chart dashboard picture 1600×2112: p50 ${figures.dashboard_10_charts_1600x2112_png_cpu_ms.p50} (goal ≤ 2000 for the whole report); `
    + `100-row table → PNG p50 ${kindFigures.table_100_rows.png_total_cpu_ms.p50} / p90 ${kindFigures.table_100_rows.png_total_cpu_ms.p90}; `
    + `big number with trendline → PNG p50 ${kindFigures.big_number_trendline.png_total_cpu_ms.p50} / p90 ${kindFigures.big_number_trendline.png_total_cpu_ms.p90}`);
  return figures;
}

// run alone (node bench/_chart-draw.mjs): the figures go to bench/results/chart-draw.json
if (import.meta.url === `file://${process.argv[1]}`) saveResults("chart-draw", await measureChartDrawing());
