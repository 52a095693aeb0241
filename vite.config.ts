import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// What only ever runs in the browser gets an empty module in the server build: libraries used on a click (PDF
// export, download as image, the calendar), the Chart.js canvas and the handlebars view (with its template
// parser), which the server never draws (ChartView renders them once hydrated). The Worker bundle inlines every
// dynamic import, so without this they would ship in it (jspdf brings html2canvas, canvg and core-js; the canvas
// brings chart.js, its plugins and the world atlas: about 2.5 MB before minification) and never run there. A stub
// throws if it is ever used on the server.
const BROWSER_ONLY_PACKAGES = new Set(["jspdf", "html-to-image", "@mantine/dates"]);
const BROWSER_ONLY_FILES = ["/features/charts/ChartJsCanvas", "/features/charts/HandlebarsView"];
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

// The server build leaves the project's own server-side folders (core/, db/, services/) and the packages below as
// imports instead of inlining them: wrangler bundles build/server into the Worker beside the API, which imports the same
// modules, so inlined copies would ship twice (the chart transforms, dashboard and report logic, the schema). esbuild
// then bundles one copy of each for both. Only for the production server build: the browser needs them inlined.
const SHARED_SERVER_FOLDERS = ["core", "db", "services"].map((folder) => fileURLToPath(new URL(`./${folder}/`, import.meta.url)));
// Packages both halves use. Only ones that never read process.env.NODE_ENV: vite sets it to production for this build,
// while `wrangler dev` (the tests, `npm start`) sets development, which would switch libraries such as React into
// their development builds.
const SHARED_PACKAGES = ["@remix-run/cloudflare", "@remix-run/server-runtime", "@remix-run/router", "drizzle-orm", "croner", "cronstrue", "d3-format", "d3-time", "d3-time-format", "i18n-iso-countries", "rison"];
function shareServerModulesWithWorker(): Plugin {
  return {
    name: "share-server-modules-with-worker",
    apply: "build",
    enforce: "pre",
    async resolveId(id, importer, options) {
      if (!options?.ssr || !importer || id.startsWith("\0")) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      if (SHARED_SERVER_FOLDERS.some((folder) => resolved.id.startsWith(folder))) return { id: resolved.id, external: "absolute" };
      if (SHARED_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`))) return { id, external: true };
      return null;
    },
    outputOptions(output) {
      // the import in build/server/index.js names the source file relative to that file, for wrangler to follow
      const dir = output.dir ?? (output.file ? dirname(output.file) : null);
      if (!dir) return null;
      return { ...output, paths: (id) => (SHARED_SERVER_FOLDERS.some((folder) => id.startsWith(folder)) ? relative(dir, id) : id) };
    },
  };
}

// The Remix build is bundled into the Worker by wrangler (workers/index.ts imports build/server).
export default defineConfig({
  plugins: [
    browserOnlyModules(),
    shareServerModulesWithWorker(),
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
  build: { minify: !process.env.NO_MINIFY },
});
