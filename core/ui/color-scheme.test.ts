import { expect, test } from "vitest";
import { colorSchemeChoice, colorSchemeCookie, colorSchemeOf } from "./color-scheme";

test("the scheme is read from its cookie among others", () => {
  expect(colorSchemeOf("session=abc; color_scheme=dark; ui_language=de")).toBe("dark");
  expect(colorSchemeOf("color_scheme=light")).toBe("light");
  expect(colorSchemeOf("color_scheme=auto; x=1")).toBe("auto");
});

test("no cookie, an empty header or an unknown value follow the system (auto)", () => {
  expect(colorSchemeOf(null)).toBe("auto");
  expect(colorSchemeOf("")).toBe("auto");
  expect(colorSchemeOf("session=abc")).toBe("auto");
  expect(colorSchemeOf("color_scheme=purple")).toBe("auto");
  expect(colorSchemeOf("xcolor_scheme=dark")).toBe("auto");
});

test("only Mantine's three schemes are choices", () => {
  expect(colorSchemeChoice("dark")).toBe("dark");
  expect(colorSchemeChoice("Dark")).toBeNull();
  expect(colorSchemeChoice(undefined)).toBeNull();
});

test("the cookie written keeps the scheme a year on every path", () => {
  expect(colorSchemeCookie("dark")).toBe("color_scheme=dark; path=/; max-age=31536000; samesite=lax");
  expect(colorSchemeOf(colorSchemeCookie("light"))).toBe("light");
});
