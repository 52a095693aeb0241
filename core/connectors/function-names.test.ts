import { expect, test } from "vitest";
import { functionNameList } from "./function-names";
import { SQLITE_FUNCTIONS } from "../engines/d1/functions";
import { MYSQL_FUNCTIONS } from "../engines/mysql/functions";

test("names come back once each and sorted, whatever their case", () => {
  expect(functionNameList(["upper", "abs", "ABS", "count", "abs"])).toEqual(["abs", "count", "upper"]);
});

test("functions the SQL gate refuses are not offered", () => {
  expect(functionNameList(["pg_read_file", "lower", "LOAD_FILE", "version"])).toEqual(["lower"]);
  expect(functionNameList(["lower", "secret_fn"], ["SECRET_FN"])).toEqual(["lower"]);
});

test("the kept lists hold each engine's everyday functions and nothing the gate denies", () => {
  for (const name of ["abs", "strftime", "json_extract", "group_concat", "row_number"]) expect(SQLITE_FUNCTIONS).toContain(name);
  for (const name of ["date_format", "concat_ws", "json_extract", "group_concat", "timestampdiff"]) expect(MYSQL_FUNCTIONS).toContain(name);
  const mysql = functionNameList(MYSQL_FUNCTIONS);
  expect(mysql).not.toContain("load_file");
  expect(mysql).not.toContain("version");
  expect(functionNameList(SQLITE_FUNCTIONS)).toHaveLength(new Set(SQLITE_FUNCTIONS).size);
});
