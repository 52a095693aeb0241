import { readFileSync } from "node:fs";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { PNG } from "pngjs";
import { beforeAll, expect, test } from "vitest";
import { chartModel, drawChart, drawForPage, drawLayout, NotDrawable } from "./draw-chart";
import { bigNumberTotal, bigNumberTrend, lineChart as line, pivotChart, pluginCharts, tableChart } from "./test-charts";
import { inter, recordingText } from "./test-text";

const text = inter();

beforeAll(() => initWasm(readFileSync("node_modules/@resvg/resvg-wasm/index_bg.wasm")));

/** The drawing rasterised as the render Worker does; answers the share of pixels that are not the background. */
function inked(svg: string): { width: number; height: number; share: number } {
  const png = PNG.sync.read(Buffer.from(new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng()));
  const bg = png.data.readUInt32BE(0);
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data.readUInt32BE(i) !== bg) n++;
  return { width: png.width, height: png.height, share: n / (png.width * png.height) };
}

test("a line chart drawn through transformProps and Chart.js: one SVG with the series, axis labels as glyph paths, few elements", () => {
  const { svg, width, height } = drawChart(line, text);
  expect([width, height]).toEqual([600, 300]);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600" height="300"/);
  // the series' colour (supersetColors' first) strokes the line; text is outlined, so no <text> for the rasteriser
  expect(svg).toMatch(/stroke="#1FA8C9"/i);
  expect(svg).not.toContain("<text");
  // grid lines, ticks, labels and the line join into a few paths rather than one per point or glyph
  expect(svg.split("<path").length - 1).toBeLessThan(30);
});

test("a table chart is drawn as a grid of the browser's formatted cells, cut with a count of the rows left out", () => {
  const rec = recordingText();
  const { svg } = drawChart(tableChart(100), rec);
  const strings = rec.drawn.map((d) => d.text);
  // 400 px: the header, 12 rows and the count line; numbers in the chart's SMART_NUMBER format, as the browser shows
  expect(strings.slice(0, 3)).toEqual(["name", "state", "sum__num"]);
  expect(strings.slice(3, 9)).toEqual(["Name number 1", "CA", "1.23M", "Name number 2", "NY", "617k"]);
  expect(strings.at(-1)).toBe("… 88 more rows");
  expect(strings).not.toContain("Name number 13");
  expect(svg).not.toContain("<text");
  // a few paths: stripes, lines, glyphs of one colour, the count line
  expect(svg.split("<path").length - 1).toBeLessThan(10);
  expect(inked(svg).share).toBeGreaterThan(0.02);
});

test("a pivot table is drawn with its nested headers, row labels, cells and totals as the browser lays them out", () => {
  const rec = recordingText();
  drawChart(pivotChart, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual([
    "product_line", "Cars", "Ships", "Total (Sum)",
    "Metric", "SUM(sales)", "SUM(sales)", "SUM(sales)",
    "country",
    "France", "100", "300", "400",
    "USA", "600", "600",
    "Total (Sum)", "700", "300", "1,000",
  ]);
  expect(rec.drawn.filter((d) => !d.bold).map((d) => d.text)).toEqual(["100", "300", "600"]);
});

test("a big number with its trendline: the headline large and bold, the change beneath, the line below", () => {
  const rec = recordingText();
  const { svg } = drawChart(bigNumberTrend, rec);
  const [headline, subheader] = rec.drawn;
  // 400 px, 45 % of it the trendline: the headline is 0.4 of the 220 px above it
  expect(headline).toEqual({ text: "1.76k", sizePx: 88, bold: true });
  expect(subheader).toEqual({ text: "+3.2% over last month", sizePx: 33, bold: false });
  expect(svg).toContain('stroke="rgba(0,122,135,1)"');
  const { share } = inked(svg);
  expect(share).toBeGreaterThan(0.1);
  expect(share).toBeLessThan(0.6);
});

test("a big number total fills the width at most: a long headline is drawn smaller, never cut", () => {
  const rec = recordingText();
  drawChart(bigNumberTotal, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual(["$1,234,567.89", "sales"]);
  // 0.4 of 400 px would be 160 px, wider than the 800 px box: drawn at the size that fits it less its margins
  const wide = rec.drawn[0];
  expect(wide.sizePx).toBeLessThan(160);
  expect(text.width(wide.text, wide)).toBeCloseTo(784, 0);
  drawChart({ ...bigNumberTotal, width: 300 }, rec);
  const narrow = rec.drawn[2];
  expect(narrow.text).toBe("$1,234,567.89");
  expect(text.width(narrow.text, narrow)).toBeCloseTo(284, 0);
});

test("chart types drawn by Chart.js plugins are drawn on the server: every one inks its picture", () => {
  for (const [viz, input] of Object.entries(pluginCharts)) {
    const { svg } = drawChart(input, text);
    expect(inked(svg).share, viz).toBeGreaterThan(0.01);
  }
  // the sankey's flows are gradients from source to target colour, as the browser paints them
  expect(drawChart(pluginCharts.sankey_v2, text).svg).toMatch(/<linearGradient id="[^"]+" gradientUnits="userSpaceOnUse"/);
}, 30_000);

test("a type still not drawn on the server (the word cloud) and unknown types are named, not drawn blank", () => {
  const words = { ...line, formData: { viz_type: "word_cloud", series: "name", metric: "count", size_from: 10, size_to: 70, rotation: "flat" }, queriesData: [{ data: [{ name: "a", count: 1 }] }], chartName: "Words" };
  expect(() => drawChart(words, text)).toThrow(NotDrawable);
  expect(() => drawChart(words, text)).toThrow(/"Words" is a Word Cloud chart \(word_cloud\), which cannot be drawn on the server yet/);
  expect(() => drawChart({ ...line, formData: { viz_type: "no_such_viz" } }, text)).toThrow(/does not know \(no_such_viz\)/);
  // a handlebars template is HTML: laid out only by a browser
  const template = { ...line, formData: { viz_type: "handlebars", handlebarsTemplate: "{{data.length}}" }, queriesData: [{ data: [{ a: 1 }] }], chartName: "Notes" };
  expect(() => drawChart(template, text)).toThrow(/"Notes" is a Handlebars chart \(handlebars\), which cannot be drawn on the server yet/);
});

test("a layout places each chart at its spot; one that cannot be drawn is a panel with the reason", () => {
  const { svg, notices } = drawLayout([
    { ...line, x: 0, y: 0 },
    { ...tableChart(5, { width: 600, height: 300 }), x: 600, y: 0 },
    { ...line, formData: { viz_type: "no_such_viz" }, chartName: "Odd", x: 0, y: 300 },
  ], 1200, 600, text);
  expect(svg).toContain('<svg x="0" y="0" width="600" height="300"');
  expect(svg).toContain('<svg x="600" y="0" width="600" height="300"');
  expect(notices).toEqual([expect.stringContaining('"Odd" has a type this server does not know')]);
  // clip ids stay apart between the charts
  const ids = [...svg.matchAll(/<clipPath id="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
});

test("a chart drawn for a dashboard page: one <svg> that scales to its box, text as <text> in Chart.js's font, no background, its name escaped", () => {
  const svg = drawForPage({ ...line, chartName: 'Sales <b>"north"</b>' }, text, "d7-");
  expect(svg).toMatch(/^<svg viewBox="0 0 600 300" width="100%" height="100%" preserveAspectRatio="xMidYMid meet" font-family="'Helvetica Neue', Helvetica, Arial, sans-serif" role="img" aria-label="Sales &lt;b>&quot;north&quot;&lt;\/b>">/);
  expect(svg).toContain("<text");
  expect(svg).not.toContain('fill="#ffffff"/>'); // no report background: the card's own shows through
  expect(svg).toMatch(/stroke="#1FA8C9"/i);
  // far smaller than the report's outlined text
  expect(svg.length).toBeLessThan(drawChart(line, text).svg.length / 2);
  // a table too, and a type the server cannot draw names itself
  expect(drawForPage(tableChart(5), text, "d8-")).toContain(">Name number 1</text>");
  expect(() => drawForPage({ ...line, formData: { viz_type: "word_cloud", series: "name", metric: "count" } }, text, "d9-")).toThrow(NotDrawable);
});

test("the bullet, the rose and the period-over-period big number are drawn on the server", () => {
  const size = { width: 600, height: 300 };
  const bullet = { formData: { viz_type: "bullet", metric: "avg", ranges: "5, 15, 30", markers: "10", marker_lines: "20" }, queriesData: [{ data: [{ avg: 12 }] }], ...size };
  // the measure's steelblue bar is painted over the grey bands
  const bulletSvg = drawChart(bullet, text).svg;
  expect(bulletSvg).toMatch(/fill="#4682b4"/i);
  expect(inked(bulletSvg).share).toBeGreaterThan(0.05);
  const rose = {
    formData: { viz_type: "rose", granularity_sqla: "ds", metrics: ["n"], groupby: ["g"], color_scheme: "supersetColors" },
    queriesData: [{ data: [{ ds: 0, g: "a", n: 3 }, { ds: 0, g: "b", n: 2 }, { ds: 1000, g: "a", n: 1 }, { ds: 1000, g: "b", n: 4 }] }], ...size,
  };
  expect(inked(drawChart(rose, text).svg).share).toBeGreaterThan(0.05);
  const rec = recordingText();
  const pop = { formData: { viz_type: "pop_kpi", metric: "n", time_compare: "1 year ago", y_axis_format: ",d", percentDifferenceFormat: "+.1%", comparison_color_enabled: true }, queriesData: [{ data: [{ n: 150, "n__1 year ago": 100 }] }], ...size };
  const popSvg = drawChart(pop, rec).svg;
  expect(rec.drawn.map((d) => d.text)).toEqual(["150", "# 100", "△ 50", "% +50.0%"]);
  // the change in the increase's green
  expect(popSvg).toMatch(/fill="#2f9e44"/i);
});

test("the time-series table is drawn as its grid with each sparkline as a line across its cell", () => {
  const rec = recordingText();
  const input = {
    formData: { viz_type: "time_table", granularity_sqla: "ds", metrics: ["n"], groupby: [], column_collection: [{ key: "t", label: "Trend", colType: "spark" }, { key: "v", label: "Latest", d3format: ",d" }] },
    queriesData: [{ data: [{ ds: 0, n: 1 }, { ds: 1000, n: 3 }, { ds: 2000, n: 2 }] }], width: 600, height: 300,
  };
  const { svg } = drawChart(input, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual(["Metric", "Trend", "Latest", "n", "2"]);
  // one stroked path of three points in the ink colour, besides the grid's lines
  expect(svg).toMatch(/<path d="M[\d.]+ [\d.]+L[\d.]+ [\d.]+L[\d.]+ [\d.]+" fill="none" stroke="#212529" stroke-width="1.5"/);
});

test("a pie's slice labels are drawn on the server, those under the threshold left out", () => {
  const rec = recordingText();
  drawChart({
    formData: { viz_type: "pie", groupby: ["product_line"], metric: "SUM(sales)", label_type: "key_value_percent", show_labels: true, labels_outside: true, show_labels_threshold: 5 },
    queriesData: [{ data: [{ product_line: "Cars", "SUM(sales)": 600 }, { product_line: "Ships", "SUM(sales)": 370 }, { product_line: "Trains", "SUM(sales)": 30 }] }],
    width: 400, height: 300,
  }, rec);
  const strings = rec.drawn.map((d) => d.text);
  expect(strings).toContain("Cars: 600 (60.00%)");
  expect(strings).toContain("Ships: 370 (37.00%)");
  expect(strings.some((s) => s.startsWith("Trains:"))).toBe(false);
});

test("a heatmap's colour legend is drawn on the server with its low and high ends", () => {
  const rec = recordingText();
  drawChart({
    formData: { viz_type: "heatmap_v2", x_axis: "product_line", groupby: ["deal_size"], metric: "count", linear_color_scheme: "white_black", value_bounds: [0, 20] },
    queriesData: [{ data: [{ product_line: "Cars", deal_size: "Large", count: 10, rank: 1 }, { product_line: "Ships", deal_size: "Small", count: 5, rank: 0 }] }],
    width: 400, height: 300,
  }, rec);
  const strings = rec.drawn.map((d) => d.text);
  expect(strings).toContain("0");
  expect(strings).toContain("20");
});

test("a drawing labels a saved metric by the verbose name its dataset gives it, as the browser's chart does", () => {
  const model = chartModel({ ...tableChart(3), verboseMap: { sum__num: "Births" } });
  expect(model.kind === "table" && model.columns.map((c) => c.label)).toEqual(["name", "state", "Births"]);
});

test("the calendar heatmap is drawn on the server: its cells in the scheme's colours, block names and metric title as text", () => {
  const rec = recordingText();
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const input = {
    formData: { viz_type: "cal_heatmap", domain_granularity: "month", subdomain_granularity: "day", metrics: ["n"], linear_color_scheme: "white_black", steps: 2, y_axis_format: ",d" },
    queriesData: [{ data: [{ __timestamp: day("2004-01-01"), n: 1 }, { __timestamp: day("2004-02-10"), n: 9 }] }], width: 600, height: 300,
  };
  const { svg } = drawChart(input, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual(expect.arrayContaining(["n", "Jan 2004", "Feb 2004"]));
  // the higher day in the scheme's black, the empty days in grey
  expect(svg).toMatch(/fill="#000000"/i);
  expect(svg).toMatch(/fill="#ededed"/i);
  expect(inked(svg).share).toBeGreaterThan(0.05);
});

test("the paired t-test table is drawn on the server as its grid: the control row, then p-value, lift and significance", () => {
  const rec = recordingText();
  const data = [[0, "boy", 11], [0, "girl", 10], [1000, "boy", 14], [1000, "girl", 12], [2000, "boy", 15], [2000, "girl", 14]].map(([t, g, n]) => ({ __timestamp: t, gender: g, n }));
  drawChart({ formData: { viz_type: "paired_ttest", granularity_sqla: "ds", metrics: ["n"], groupby: ["gender"], significance_level: 0.1, pvalue_precision: 4, liftvalue_precision: 2 }, queriesData: [{ data }], width: 600, height: 300 }, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual(["gender", "p-value", "Lift %", "Significant", "boy", "control", "control", "control", "girl", "0.0572", "-10.00", "true"]);
});

test("parallel coordinates are drawn on the server: the lines in their colours, axis ranges, the data table under them", () => {
  const rec = recordingText();
  const data = [{ c: "France", a: 100, b: 10, p: 50 }, { c: "USA", a: 300, b: 5, p: 70 }];
  const input = { formData: { viz_type: "para", series: "c", metrics: ["a", "b"], secondary_metric: "p", linear_color_scheme: "white_black", show_datatable: true }, queriesData: [{ data }], width: 600, height: 400 };
  const { svg } = drawChart(input, rec);
  // the black line (70% opaque) of the highest colour value, the axes' ends, the table's header and rows
  expect(svg).toMatch(/stroke="#000000b3"|stroke="rgba\(0, ?0, ?0, ?0\.7\d*\)"/i);
  expect(rec.drawn.map((d) => d.text)).toEqual(expect.arrayContaining(["300", "100", "10", "5", "a", "b", "c", "France", "USA"]));
  expect(inked(svg).share).toBeGreaterThan(0.03);
});

test("the partition chart is drawn on the server: a column of bands per level, named", () => {
  const rec = recordingText();
  const data = [{ t: "EMEA", c: "France", n: 40 }, { t: "EMEA", c: "Spain", n: 20 }, { t: "NA", c: "USA", n: 40 }];
  const { svg } = drawChart({ formData: { viz_type: "partition", groupby: ["t", "c"], metrics: ["n"], number_format: ",d", color_scheme: "supersetColors" }, queriesData: [{ data }], width: 600, height: 300 }, rec);
  expect(rec.drawn.map((d) => d.text)).toEqual(["n 100", "EMEA 60", "France 40", "Spain 20", "NA 40", "USA 40"]);
  // the root's grey and the scheme's first colour
  expect(svg).toMatch(/fill="#c7c7c7"/i);
  expect(svg).toMatch(/fill="#1FA8C9"/i);
  expect(inked(svg).share).toBeGreaterThan(0.5);
});
