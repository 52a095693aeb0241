import { expect, test } from "vitest";
import { rowLimitReached } from "./row-limit";

test("the limit is reached when the first query answered exactly row_limit rows", () => {
  expect(rowLimitReached({ row_limit: 10 }, [{ data: [], sql_rowcount: 10 }])).toBe(10);
  expect(rowLimitReached({ row_limit: "10" }, [{ data: [], sql_rowcount: 10 }])).toBe(10);
  expect(rowLimitReached({ row_limit: 10 }, [{ data: [], sql_rowcount: 9 }])).toBeNull();
  // an answer without sql_rowcount counts its rows
  expect(rowLimitReached({ row_limit: 2 }, [{ data: [{}, {}], rowcount: 2 }])).toBe(2);
});

test("no limit, a bad limit or no answer reaches nothing", () => {
  expect(rowLimitReached({}, [{ data: [], sql_rowcount: 0 }])).toBeNull();
  expect(rowLimitReached({ row_limit: 0 }, [{ data: [], sql_rowcount: 0 }])).toBeNull();
  expect(rowLimitReached({ row_limit: "many" }, [{ data: [], sql_rowcount: 5 }])).toBeNull();
  expect(rowLimitReached({ row_limit: 5 }, null)).toBeNull();
  expect(rowLimitReached({ row_limit: 5 }, [])).toBeNull();
});
