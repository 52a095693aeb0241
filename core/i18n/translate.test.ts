import { expect, test } from "vitest";
import { interpolate, translator } from "./translate";

test("a key reads its entry, or itself when the catalog has none", () => {
  const t = translator("de", { "Sign in": "Anmelden" });
  expect(t("Sign in")).toBe("Anmelden");
  expect(t("Sign out")).toBe("Sign out");
  // ":" and "." are ordinary characters of a key
  expect(translator("de", { "Error: {{message}}.": "Fehler: {{message}}." })("Error: {{message}}.", { message: "x" })).toBe("Fehler: x.");
});

test("values fill {{name}}; a missing value leaves its name; nothing is HTML-escaped (React escapes)", () => {
  expect(interpolate("Hello {{ name }}, {{name}}!", { name: "Ana & Bo" })).toBe("Hello Ana & Bo, Ana & Bo!");
  expect(interpolate("Hello {{name}}", {})).toBe("Hello {{name}}");
  expect(interpolate("{{n}} rows", { n: 0 })).toBe("0 rows");
});

test("count picks the plural entry by the language's rules", () => {
  const en = translator("en", { "{{count}} charts_one": "{{count}} chart", "{{count}} charts_other": "{{count}} charts" });
  expect(en("{{count}} charts", { count: 1 })).toBe("1 chart");
  expect(en("{{count}} charts", { count: 0 })).toBe("0 charts");
  const es = translator("es", { "{{count}} charts_one": "{{count}} gráfico", "{{count}} charts_many": "{{count}} de gráficos", "{{count}} charts_other": "{{count}} gráficos" });
  expect(es("{{count}} charts", { count: 1 })).toBe("1 gráfico");
  expect(es("{{count}} charts", { count: 1000000 })).toBe("1000000 de gráficos");
  expect(es("{{count}} charts", { count: 3 })).toBe("3 gráficos");
  // no plural entries at all: the key itself, interpolated
  expect(translator("de", {})("{{count}} charts", { count: 2 })).toBe("2 charts");
});
