import { expect, test } from "vitest";
import { canonicalLocale, parsePreferences } from "./preferences";

test("zones and locales are checked by Intl and spelled canonically", () => {
  expect(parsePreferences({ time_zone: "Asia/Kolkata", locale: "de-de" })).toEqual({ time_zone: "Asia/Kolkata", locale: "de-DE" });
  expect(parsePreferences({ time_zone: null })).toEqual({ time_zone: null });
  expect(canonicalLocale("zz")).toBeNull();
  expect(canonicalLocale("not a tag")).toBeNull();
});

test("an unknown zone or locale is a 400 naming it", () => {
  expect(() => parsePreferences({ time_zone: "Mars/Olympus_Mons" })).toThrow(/Unknown time zone: "Mars\/Olympus_Mons"/);
  expect(() => parsePreferences({ locale: "zz" })).toThrow(/Unknown locale: "zz"/);
  expect(() => parsePreferences({ username: "x" })).toThrow(/Unknown field/);
  expect(() => parsePreferences({})).toThrow(/Send time_zone/);
});
