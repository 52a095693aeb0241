import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// What only ever runs in the browser gets an empty module in the server build: libraries used on a click (PDF
// export, download as image, the calendar) and the Chart.js canvas, which the server never draws (ChartView renders
// it once hydrated). The Worker bundle inlines every dynamic import, so without this they would ship in it (jspdf
// brings html2canvas, canvg and core-js; the canvas brings chart.js, its plugins and the world atlas: about 2.5 MB
// before minification) and never run there. A stub throws if it is ever used on the server.
const BROWSER_ONLY_PACKAGES = new Set(["jspdf", "html-to-image", "@mantine/dates"]);
const BROWSER_ONLY_FILES = ["/features/charts/ChartJsCanvas"];
function browserOnlyModules(): Plugin {
  const prefix = "\0browser-only:";
  return {
    name: "browser-only-modules",
    enforce: "pre",
    resolveId(id, importer, options) {
      if (!options?.ssr) return null;
      const path = id.startsWith(".") && importer ? resolve(dirname(importer), id) : id;
      const browserOnly = BROWSER_ONLY_PACKAGES.has(id) || BROWSER_ONLY_FILES.some((f) => path.replace(/\.tsx?$/, "").endsWith(f));
      return browserOnly ? prefix + id : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const name = id.slice(prefix.length);
      return [
        `const unavailable = () => { throw new Error(${JSON.stringify(`${name} runs in the browser only`)}); };`,
        "export default unavailable;",
        "export const jsPDF = unavailable, toCanvas = unavailable, DatePicker = unavailable;",
      ].join("\n");
    },
  };
}

// The Remix build is bundled into the Worker by wrangler (workers/index.ts imports build/server).
export default defineConfig({
  plugins: [
    browserOnlyModules(),
    remix({
      ignoredRouteFiles: ["**/*.test.*", "**/.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { minify: true },
});
