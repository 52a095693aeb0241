import { expect, test } from "vitest";
import { agoIn, changedAgoIn } from "./relative-time";

test("German and Spanish say how long ago in their own words; English keeps Superset's", () => {
  expect(agoIn("de", 3 * 86_400_000 + 5000)).toBe("vor 3 Tagen");
  expect(agoIn("de", 2 * 86_400_000)).toBe("vorgestern");
  expect(agoIn("es", 3 * 3_600_000)).toBe("hace 3 horas");
  expect(agoIn("de", 86_400_000)).toBe("gestern");
  expect(agoIn("en", 2 * 86_400_000)).toBe("2 days ago");
  expect(agoIn("de", 200)).toBe("jetzt");
});

test("a row's changed-on text: the API's English one in English or without a time", () => {
  const now = Date.parse("2026-12-03T12:00:00Z");
  expect(changedAgoIn("de", "2026-12-03T09:00:00Z", "3 hours ago", now)).toBe("vor 3 Stunden");
  expect(changedAgoIn("en", "2026-12-03T09:00:00Z", "3 hours ago", now)).toBe("3 hours ago");
  expect(changedAgoIn("es", null, "3 hours ago", now)).toBe("3 hours ago");
});
