import { expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "../../core/i18n/languages";
import { compiledCatalog } from "../../core/i18n/catalog";
import { entriesFor, keysInSource, usedKeys } from "./used-keys";

// The catalogs and the code agree: every string the code translates has an entry in German and Spanish (and its
// plural forms in English, whose other keys read as themselves), and no catalog keeps a key the code dropped.

const root = join(import.meta.dirname, "../..");
const used = usedKeys(root);
const catalog = (language: string) => JSON.parse(readFileSync(join(import.meta.dirname, "locales", `${language}.json`), "utf8")) as Record<string, string>;

test("the scanner finds literal keys, escapes and plural calls", () => {
  expect(keysInSource(`t("Sign in"); t("Say \\"hi\\""); t("{{count}} selected", { count: n }); t(label)`, "x.tsx")).toEqual([
    { key: "Sign in", plural: false, file: "x.tsx" },
    { key: 'Say "hi"', plural: false, file: "x.tsx" },
    { key: "{{count}} selected", plural: true, file: "x.tsx" },
  ]);
  expect(used.length).toBeGreaterThan(50);
});

for (const language of LANGUAGES) {
  test(`${language}: every key the code uses has an entry`, () => {
    const entries = catalog(language);
    const needed = used.filter((u) => language !== "en" || u.plural).flatMap((u) => entriesFor(u, language).map((entry) => ({ entry, file: u.file })));
    const missing = needed.filter(({ entry }) => !(typeof entries[entry] === "string" && entries[entry].trim()));
    expect(missing.map(({ entry, file }) => `${file}: ${entry}`)).toEqual([]);
  });

  test(`${language}: no entry for a key the code no longer uses`, () => {
    const wanted = new Set(used.flatMap((u) => entriesFor(u, language)));
    expect(Object.keys(catalog(language)).filter((key) => !wanted.has(key))).toEqual([]);
  });

  test(`${language}: a translation keeps its key's {{placeholders}}`, () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const entries = catalog(language);
    const wrong = Object.entries(entries).filter(([key, text]) => names(key.replace(/_(zero|one|two|few|many|other)$/, "")).join() !== names(text).join()
      // a singular may say "one" instead of {{count}} ("Ein Dashboard")
      && !(/_one$/.test(key) && names(text).join() === names(key).filter((n) => n !== "count").join()));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  test(`${language}: the catalog compiles to Lingui messages, one per key the code uses`, () => {
    const messages = compiledCatalog(language, Object.fromEntries(LANGUAGES.map((l) => [l, catalog(l)])));
    expect(used.filter((u) => !messages[u.key]).map((u) => `${u.file}: ${u.key}`)).toEqual([]);
  });
}
