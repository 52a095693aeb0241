import { expect, test } from "vitest";
import { acceptedLanguages, closestLanguage, languageCookieOf, negotiateLanguage } from "./negotiate";

test("a signed-in user's saved locale wins over the cookie and the browser", () => {
  expect(negotiateLanguage({ userLocale: "de-DE", cookie: "es", acceptLanguage: "en-US,en;q=0.9" })).toBe("de");
  expect(negotiateLanguage({ userLocale: "es-419", acceptLanguage: "de" })).toBe("es");
});

test("a saved locale the UI has no language for falls through to the cookie, then the header", () => {
  expect(negotiateLanguage({ userLocale: "ja-JP", cookie: "es", acceptLanguage: "de" })).toBe("es");
  expect(negotiateLanguage({ userLocale: "ja-JP", acceptLanguage: "de-AT,de;q=0.8" })).toBe("de");
});

test("Accept-Language is read by q-value, not by order", () => {
  expect(negotiateLanguage({ acceptLanguage: "fr-FR;q=0.9, es;q=0.5, de;q=0.7" })).toBe("de");
  expect(acceptedLanguages("fr;q=0.2, es, *;q=0.1")).toEqual(["es", "fr"]);
});

test("a region or script variant maps onto its language", () => {
  expect(closestLanguage(["de-CH"])).toBe("de");
  expect(closestLanguage(["es-MX"])).toBe("es");
  expect(closestLanguage(["en-GB"])).toBe("en");
});

test("nothing close, no header or a malformed one: English", () => {
  expect(negotiateLanguage({ acceptLanguage: "ja, zh-CN;q=0.8" })).toBe("en");
  expect(negotiateLanguage({})).toBe("en");
  expect(negotiateLanguage({ acceptLanguage: "!!!, ;;q=x" })).toBe("en");
  expect(closestLanguage(["not a tag"])).toBeNull();
});

test("an unknown cookie value is ignored", () => {
  expect(negotiateLanguage({ cookie: "xx", acceptLanguage: "es" })).toBe("es");
  expect(languageCookieOf("session=abc; ui_language=de; other=1")).toBe("de");
  expect(languageCookieOf("session=abc")).toBeNull();
});
