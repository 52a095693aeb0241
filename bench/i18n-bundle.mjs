// Issue 29's budget: what the UI's languages add to a route (≤ 15 KB gzip). Three figures, gzip level 9 as a CDN
// serves them:
//  - routes: the JS + CSS a first load of each route fetches, read from a client build's Vite manifest (the entry,
//    the root and the route modules with their static imports and CSS; what Remix's modulepreload list names);
//    pass a client folder to measure another build (default build/client): two builds, one with and one without a
//    change, give that change's cost per route;
//  - runtime: the language code alone, bundled by esbuild minified with React left out (every route has React);
//  - catalogs: each language's compiled catalog as the root loader puts it into a page's data (one language a page).
// `node bench/i18n-bundle.mjs [client-dir] [label]` (I18N_RUNTIME=i18next: the runtime figure of i18next instead); results keep one entry per label in bench/results/i18n-bundle.json.
import { build } from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { round, saveResults } from "./_lib.mjs";

const root = join(import.meta.dirname, "..");
const client = resolve(process.argv[2] ?? join(root, "build/client"));
const label = process.argv[3] ?? "current";
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => round(bytes / 1024, 1);

const ROUTES = {
  login: ["app/routes/login.tsx"],
  home: ["app/routes/superset.welcome/route.tsx"],
  "dashboard list": ["app/routes/dashboard.list/route.tsx"],
  "chart list": ["app/routes/chart.list/route.tsx"],
  dashboard: ["app/routes/superset.dashboard.$idOrSlug/route.tsx"],
  explore: ["app/routes/explore._index/route.tsx"],
  "SQL Lab": ["app/routes/sqllab._index/route.tsx"],
  "dataset list": ["app/routes/tablemodelview.list/route.tsx"],
};

function routeWeight(manifest, modules) {
  const keyOf = (m) => manifest[m] ? m : `${m}?__remix-build-client-route`;
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const m of ["app/entry.client.tsx", "app/root.tsx", ...modules]) {
    if (!manifest[keyOf(m)]) throw new Error(`${m} is not in the build's manifest`);
    visit(keyOf(m));
  }
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gz(readFileSync(join(client, f)));
    if (f.endsWith(".css")) css += size;
    else js += size;
  }
  return { files: files.size, js_gzip_kb: kb(js), css_gzip_kb: kb(css), total_gzip_kb: kb(js + css) };
}

/** The language runtime's own code: what the app imports of it, bundled alone. */
async function runtimeWeight() {
  // I18N_RUNTIME=i18next measures the library this replaced (while it is still installed)
  const entry = process.env.I18N_RUNTIME !== "i18next"
    ? `export * from "./app/i18n/react.tsx"; export * from "./core/i18n/translate.ts";`
    : `export { useTranslation, Trans, I18nextProvider, initReactI18next } from "react-i18next"; export { default } from "i18next";`;
  const out = await build({ stdin: { contents: entry, resolveDir: root, loader: "tsx" }, bundle: true, minify: true, write: false, format: "esm",
    jsx: "automatic", external: ["react", "react-dom", "react/jsx-runtime"], platform: "browser", define: { "process.env.NODE_ENV": "\"production\"" }, logLevel: "silent" });
  const code = out.outputFiles[0].contents;
  return { minified_kb: kb(code.length), gzip_kb: kb(gz(code)) };
}

// Vite writes the manifest when build.manifest is on; Remix then moves it beside the client folder
const manifestFile = [join(client, ".vite/manifest.json"), join(client, "../.vite/client-manifest.json")].find((f) => existsSync(f));
if (!manifestFile) throw new Error(`${client} has no Vite manifest: build with build.manifest = true (a config that spreads vite.config.ts and adds it, passed to remix vite:build --config)`);
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const routes = { root: routeWeight(manifest, []) };
for (const [name, modules] of Object.entries(ROUTES)) routes[name] = routeWeight(manifest, modules);
const runtime = await runtimeWeight();
/** Each language's catalog as the root loader sends it: compiled on the server (core/i18n/catalog.ts), as JSON. */
async function catalogWeights() {
  const entry = `import { compiledCatalog } from "./core/i18n/catalog.ts";
    import en from "./app/i18n/locales/en.json"; import de from "./app/i18n/locales/de.json"; import es from "./app/i18n/locales/es.json";
    export const sent = Object.fromEntries(["en", "de", "es"].map((l) => [l, JSON.stringify(compiledCatalog(l, { en, de, es }))]));`;
  const out = await build({ stdin: { contents: entry, resolveDir: root, loader: "ts" }, bundle: true, write: false, format: "esm", platform: "node", logLevel: "silent" });
  const { sent } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].contents).toString("base64")}`);
  return Object.fromEntries(Object.entries(sent).map(([language, text]) => [language, { entries: Object.keys(JSON.parse(text)).length, gzip_kb: kb(gz(Buffer.from(text))) }]));
}
const catalogs = await catalogWeights();

for (const [name, r] of Object.entries(routes)) console.log(`${name.padEnd(15)} ${String(r.total_gzip_kb).padStart(6)} KB (JS ${r.js_gzip_kb} + CSS ${r.css_gzip_kb}, ${r.files} files)`);
console.log(`language runtime alone: ${runtime.gzip_kb} KB gzip (${runtime.minified_kb} KB minified)`);
for (const [language, c] of Object.entries(catalogs)) console.log(`${language} catalog in the page's data: ${c.gzip_kb} KB gzip (${c.entries} entries)`);

const file = join(import.meta.dirname, "results/i18n-bundle.json");
const previous = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).builds ?? {} : {};
saveResults("i18n-bundle", { budget_kb: 15, builds: { ...previous, [label]: { measured_at: new Date().toISOString(), client, routes, runtime, catalogs } } });
