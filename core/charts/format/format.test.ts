import { expect, test } from "vitest";
import { getNumberFormatter } from "./number";
import { getTimeFormatter, getTimeFormatterForGranularity } from "./time";
import { setFormatLanguage, withFormatLanguage } from "./language";

test("SMART_NUMBER: SI above 1000 with B for billions, 2 decimals from 1, 4 below, micro below 0.001", () => {
  const f = getNumberFormatter("SMART_NUMBER");
  expect([0, 1234, 1_500_000, 2_340_000_000, -12345, 3.14159, 0.0123456, 0.0000123, 1e-9].map(f)).toEqual([
    "0", "1.23k", "1.5M", "2.34B", "-12.3k", "3.14", "0.0123", "12.3µ", "1n",
  ]);
  expect(getNumberFormatter()(1234)).toBe("1.23k");
  expect(getNumberFormatter("SMART_NUMBER_SIGNED")(1234)).toBe("+1.23k");
});

test("d3 format strings, special values and an invalid format", () => {
  expect(getNumberFormatter(",.2f")(1234567.891)).toBe("1,234,567.89");
  expect(getNumberFormatter(".1%")(0.1234)).toBe("12.3%");
  expect(getNumberFormatter(",d")(12345.432)).toBe("12,345");
  expect(getNumberFormatter("$,.2f")(12345.432)).toBe("$12,345.43");
  expect(getNumberFormatter("+,")(12345.432)).toBe("+12,345.432");
  expect(getNumberFormatter(",.2f")("12.5")).toBe("12.50");
  expect([null, undefined, Infinity, -Infinity].map(getNumberFormatter(",.2f"))).toEqual(["null", "undefined", "∞", "-∞"]);
  expect(getNumberFormatter("DURATION")(3_723_400)).toBe("1h 2m 3.4s");
  expect(getNumberFormatter("DURATION")(450)).toBe("450ms");
  expect(getNumberFormatter("not a format")(5)).toBe("5 (Invalid format: not a format)");
});

test("smart_date picks the coarsest unit the moment sits on, in UTC", () => {
  const f = getTimeFormatter("smart_date");
  expect([
    Date.UTC(2021, 0, 1), Date.UTC(2021, 2, 1), Date.UTC(2021, 2, 7), Date.UTC(2021, 2, 9), Date.UTC(2021, 2, 9, 15), Date.UTC(2021, 2, 9, 15, 30),
    Date.UTC(2021, 2, 9, 15, 30, 12), Date.UTC(2021, 2, 9, 15, 30, 12, 250),
  ].map(f)).toEqual(["2021", "March", "Mar 07", "Tue 09", "03 PM", "03:30", ":12s", ".250ms"]);
});

test("d3 time formats in UTC, text timestamps, default and grain formats", () => {
  expect(getTimeFormatter("%Y-%m-%d")(Date.UTC(2019, 0, 14, 23))).toBe("2019-01-14");
  expect(getTimeFormatter()("2019-01-14 01:32:10")).toBe("2019-01-14 01:32:10");
  expect(getTimeFormatter("%d/%m/%Y")(null)).toBe("null");
  expect(getTimeFormatterForGranularity("P1M")(Date.UTC(2020, 4, 1))).toBe("May 2020");
  expect(getTimeFormatterForGranularity("P3M")(Date.UTC(2020, 3, 1))).toBe("2020 Q2");
  expect(getTimeFormatterForGranularity(undefined)(Date.UTC(2020, 4, 1, 10, 30))).toBe("2020-05-01 10:30");
});

test("format and grain names every object inherits are format strings or the default, not Object's functions", () => {
  expect(getTimeFormatter("constructor")(Date.UTC(2019, 0, 14))).toBe("constructor");
  expect(getTimeFormatterForGranularity("toString")(Date.UTC(2019, 0, 14))).toBe(getTimeFormatterForGranularity(undefined)(Date.UTC(2019, 0, 14)));
});

test("German: decimal comma, dot for thousands, € after the figure; SMART_NUMBER too", () => {
  withFormatLanguage("de", () => {
    expect(getNumberFormatter(",.1f")(1234.5)).toBe("1.234,5");
    expect(getNumberFormatter("$,.2f")(12345.432)).toBe("12.345,43\u00a0€");
    expect(getNumberFormatter("SMART_NUMBER")(1234)).toBe("1,23k");
    expect(getNumberFormatter("SMART_NUMBER")(3.14159)).toBe("3,14");
    expect(getNumberFormatter(".1%")(-0.1234)).toBe("-12,3%");
  });
  // the English formatter of the same string is its own, untouched by the German one made above
  expect(getNumberFormatter(",.1f")(1234.5)).toBe("1,234.5");
});

test("Spanish numbers", () => {
  withFormatLanguage("es", () => expect(getNumberFormatter(",.2f")(1234567.891)).toBe("1.234.567,89"));
});

test("German and Spanish dates: CLDR month names, day before month, 24-hour clock", () => {
  const dec2 = Date.UTC(2026, 11, 2);
  withFormatLanguage("de", () => {
    expect(getTimeFormatter("%-e. %b %Y")(dec2)).toBe("2. Dez. 2026");
    expect(getTimeFormatter("smart_date_verbose")(dec2)).toBe("Mi., 2. Dez. 2026");
    expect(getTimeFormatter("smart_date")(Date.UTC(2026, 2, 1))).toBe("März");
    expect(getTimeFormatter("smart_date")(Date.UTC(2026, 2, 9, 15))).toBe("15:00");
    expect(getTimeFormatterForGranularity("P1M")(dec2)).toBe("Dez. 2026");
  });
  withFormatLanguage("es", () => expect(getTimeFormatter("smart_date_verbose")(dec2)).toBe("mié, 2 dic 2026"));
  expect(getTimeFormatter("smart_date_verbose")(dec2)).toBe("Wed Dec 2");
});

test("setFormatLanguage sets the page's language for formatters made afterwards", () => {
  setFormatLanguage("de");
  try {
    expect(getNumberFormatter(",d")(12345)).toBe("12.345");
  } finally {
    setFormatLanguage("en");
  }
});
