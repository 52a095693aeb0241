// Draws the gallery thumbnail of every chart type from the product's own example chart of that type (its own
// generated example data), as Superset's viz gallery shows a picture per type: `node scripts/viz-thumbnails.mjs`
// after `npm run build`, then commit public/viz-thumbnails/. Run it again when a chart type is added (a unit test
// checks that every registered type has one). Pass viz types to redraw only those.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startWorker } from "../tests/support/server.mjs";
import { launchChromium, signIn } from "../bench/_browser.mjs";

const OUT = join(import.meta.dirname, "..", "public", "viz-thumbnails");
const SIZE = { width: 240, height: 150 };
const only = process.argv.slice(2);

mkdirSync(OUT, { recursive: true });
const worker = await startWorker();
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ baseURL: worker.url, viewport: { width: 1280, height: 720 }, timezoneId: "UTC" })).newPage();
  await signIn(page);
  const q = encodeURIComponent("(page_size:100,columns:!(id,slice_name,viz_type),order_column:id,order_direction:asc)");
  const charts = await page.evaluate(async (path) => (await (await fetch(path)).json()).result, `/api/v1/chart/?q=${q}`);
  // the first chart of each type is its example (created at first start, one per registered type)
  const examples = new Map();
  for (const c of charts) if (!examples.has(c.viz_type)) examples.set(c.viz_type, c.id);
  for (const [vizType, id] of examples) {
    if (only.length && !only.includes(vizType)) continue;
    await page.goto(`/explore/?slice_id=${id}`);
    await page.getByTestId("row-count").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    const shot = await page.getByTestId("chart-container").screenshot();
    // scaled down in the browser's own canvas: WebP at a few KB per type
    const dataUrl = await page.evaluate(async ({ b64, size }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      Object.assign(canvas, size);
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, size.width, size.height);
      const scale = Math.min(size.width / img.width, size.height / img.height);
      const w = img.width * scale, h = img.height * scale;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(img, (size.width - w) / 2, (size.height - h) / 2, w, h);
      return canvas.toDataURL("image/webp", 0.85);
    }, { b64: shot.toString("base64"), size: SIZE });
    writeFileSync(join(OUT, `${vizType}.webp`), Buffer.from(dataUrl.split(",")[1], "base64"));
    console.log(`${vizType}.webp`);
  }
} finally {
  await browser.close();
  await worker.stop();
}
