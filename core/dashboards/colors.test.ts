import { expect, test } from "vitest";
import { ColorsConfigError, parseColorsConfig, withColors } from "./colors";

test("colour settings replace theirs in json_metadata and keep every other key", () => {
  const config = parseColorsConfig({ color_scheme: "bnbColors", map_label_colors: { Boys: "#1FA8C9" }, shared_label_colors: ["Boys"], color_scheme_domain: ["#1FA8C9", "#454E7C"] });
  const meta = JSON.parse(withColors(JSON.stringify({ color_scheme: "supersetColors", refresh_frequency: 60, label_colors: { a: "#000" } }), config));
  expect(meta).toEqual({
    color_scheme: "bnbColors", refresh_frequency: 60, label_colors: { a: "#000" },
    map_label_colors: { Boys: "#1FA8C9" }, shared_label_colors: ["Boys"], color_scheme_domain: ["#1FA8C9", "#454E7C"],
  });
  // a partial body changes only what it names; null clears a scheme; unreadable metadata starts from {}
  expect(JSON.parse(withColors(JSON.stringify(meta), parseColorsConfig({ color_scheme: null }))).color_scheme).toBeNull();
  expect(JSON.parse(withColors("not json", parseColorsConfig({ color_namespace: "ns" })))).toEqual({ color_namespace: "ns" });
});

test("bad colour settings are refused field by field, as Superset's schema words them", () => {
  const refused = (body: Record<string, unknown>) => {
    try {
      parseColorsConfig(body);
    } catch (e) {
      return (e as ColorsConfigError).messages;
    }
    return null;
  };
  expect(refused({ color_scheme: 3, map_label_colors: null, shared_label_colors: "Boys", label_colors: {} })).toEqual({
    color_scheme: ["Not a valid string."], map_label_colors: ["Field may not be null."], shared_label_colors: ["Not a valid list."], label_colors: ["Unknown field."],
  });
  expect(refused({ map_label_colors: { Boys: 1 } })).toEqual({ map_label_colors: ["Not a valid mapping type."] });
  expect(refused({})).toBeNull();
});
