import { expect, test } from "vitest";
import { crontabInWords, crontabProblem } from "./crontab-check";

test("five-field expressions and macros are read; six fields, bad ranges and words are not", () => {
  for (const ok of ["0 9 * * *", "*/5 * * * *", "0 0 1 * 1-5", "@daily"]) expect(crontabProblem(ok)).toBeNull();
  for (const bad of ["", "0 0 9 * * *", "61 * * * *", "every day", "* * *"]) expect(crontabProblem(bad)).not.toBeNull();
});

test("expressions are told in words as Superset's crontab_humanized", () => {
  expect(crontabInWords("0 9 * * *")).toBe("At 09:00 AM");
  expect(crontabInWords("*/5 * * * *")).toBe("Every 5 minutes");
  expect(crontabInWords("0 8 * * 1")).toBe("At 08:00 AM, only on Monday");
  expect(crontabInWords("nonsense")).toBe("nonsense");
});
