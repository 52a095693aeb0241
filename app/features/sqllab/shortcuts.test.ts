import { expect, test } from "vitest";
import { chordLabel, detectPlatform, shortcutsFor, statementAt, type Platform } from "./shortcuts";

test("run current query picks the statement under the cursor", () => {
  const sql = "SELECT 1;\nSELECT 2;\nSELECT 3";
  expect(statementAt(sql, 3)).toBe("SELECT 1");
  expect(statementAt(sql, 14)).toBe("SELECT 2");
  expect(statementAt(sql, sql.length)).toBe("SELECT 3");
  expect(statementAt("SELECT 1;", 9)).toBe("SELECT 1");
});

test("the Ctrl shortcuts are the Control key on every platform, with Superset's per-platform stop and new tab", () => {
  const keys = (p: Platform) => shortcutsFor(p).map((s) => `${s.action}=${chordLabel(s.chord, p)}`);
  expect(keys("linux")).toEqual(expect.arrayContaining(["run=Ctrl + Enter", "run=Ctrl + R", "stop=Ctrl + E", "newTab=Ctrl + T", "newTab=Ctrl + Q", "previousTab=Ctrl + [", "nextTab=Ctrl + ]"]));
  expect(keys("windows")).toEqual(keys("linux"));
  expect(keys("mac")).toEqual(expect.arrayContaining(["run=Cmd + Enter", "run=Ctrl + R", "stop=Ctrl + X", "newTab=Ctrl + T"]));
  expect(keys("mac")).not.toContain("newTab=Ctrl + Q");
  // on Windows and Linux no shortcut needs the Super key: every Ctrl chord is the primary modifier there
  expect(shortcutsFor("linux").find((s) => s.action === "stop")?.chord).toEqual({ modifier: "ctrl", key: "E" });
});

test("the platform comes from what the browser reports", () => {
  expect(detectPlatform({ userAgent: "Mozilla/5.0 (X11; Linux x86_64)", platform: "Linux x86_64" })).toBe("linux");
  expect(detectPlatform({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)", platform: "Win32" })).toBe("windows");
  expect(detectPlatform({ userAgentData: { platform: "macOS" } })).toBe("mac");
  expect(detectPlatform(undefined)).toBe("linux");
});
