import { expect, test } from "vitest";
import { compiledCatalog, icuMessages, icuText } from "./catalog";
import { pageI18n, translator } from "./translate";
import type { Language } from "./languages";

// The catalog files' format, compiled on the server, run by Lingui as the page's t.

const catalogs = {
  en: { "{{count}} charts_one": "{{count}} chart", "{{count}} charts_other": "{{count}} charts" },
  de: {
    "Sign in": "Anmelden", "Error: {{message}}.": "Fehler: {{message}}.", "Hello {{name}}, {{name}}!": "Hallo {{name}}, {{name}}!",
    "{{count}} charts_one": "Ein Diagramm", "{{count}} charts_other": "{{count}} Diagramme",
    "Are you sure you want to delete <b>{{name}}</b>?": "Möchten Sie <b>{{name}}</b> wirklich löschen?",
  },
  es: {
    "Sign in": "Iniciar sesión", "You don't have {{n}} {favorites} yet!": "¡Aún no tiene {{n}} {favoritos}!",
    "{{count}} charts_one": "{{count}} gráfico", "{{count}} charts_many": "{{count}} de gráficos", "{{count}} charts_other": "{{count}} gráficos",
  },
};
const t = (language: Language) => translator(pageI18n(language, compiledCatalog(language, catalogs)));

test("catalog texts become ICU: values, plural forms in one message, literal quotes and braces kept", () => {
  expect(icuText("Hello {{ name }}, it's {x}")).toBe("Hello {name}, it''s '{'x'}'");
  expect(icuMessages(catalogs.es)["{{count}} charts"]).toBe("{count, plural, one {{count} gráfico} many {{count} de gráficos} other {{count} gráficos}}");
  const odd = translator(pageI18n("de", compiledCatalog("de", { de: { "x_one": "{{count}} {", "x_other": "No. #{{count}}, it's '{{count}}'" } })));
  expect([odd("x", { count: 1 }), odd("x", { count: 2 })]).toEqual(["1 {", "No. #2, it's '2'"]);
});

test("a key reads its entry; values fill in; ':' and '.' are ordinary characters of a key", () => {
  expect(t("de")("Sign in")).toBe("Anmelden");
  expect(t("de")("Error: {{message}}.", { message: "x" })).toBe("Fehler: x.");
  expect(t("de")("Hello {{name}}, {{name}}!", { name: "Ana & Bo" })).toBe("Hallo Ana & Bo, Ana & Bo!");
  expect(t("es")("You don't have {{n}} {favorites} yet!", { n: 0 })).toBe("¡Aún no tiene 0 {favoritos}!");
  expect(t("en")("You don't have {{n}} {favorites} yet!", { n: 0 })).toBe("You don't have 0 {favorites} yet!");
});

test("count picks the plural form by the language's rules (Spanish many), the count as given", () => {
  expect(t("en")("{{count}} charts", { count: 1 })).toBe("1 chart");
  expect(t("en")("{{count}} charts", { count: 0 })).toBe("0 charts");
  expect(t("en")("{{count}} charts", { count: 1200 })).toBe("1200 charts");
  expect(t("de")("{{count}} charts", { count: 1 })).toBe("Ein Diagramm");
  expect(t("de")("{{count}} charts", { count: 1200 })).toBe("1200 Diagramme");
  expect(t("es")("{{count}} charts", { count: 1 })).toBe("1 gráfico");
  expect(t("es")("{{count}} charts", { count: 1000000 })).toBe("1000000 de gráficos");
  expect(t("es")("{{count}} charts", { count: 3 })).toBe("3 gráficos");
});

test("a key a translation lacks reads in English with its values", () => {
  expect(t("es")("Error: {{message}}.", { message: "x" })).toBe("Error: x.");
  expect(t("es")("Hello {{name}}, {{name}}!", { name: "Ana" })).toBe("Hello Ana, Ana!");
  expect(t("en")("Are you sure you want to delete <b>{{name}}</b>?", { name: "Sales" })).toBe("Are you sure you want to delete <b>Sales</b>?");
  // no English plural entries: the key itself, with its values
  expect(translator(pageI18n("de", compiledCatalog("de", { es: catalogs.es })))("{{count}} charts", { count: 2 })).toBe("2 charts");
});
