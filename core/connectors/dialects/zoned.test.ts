import { expect, test } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { dialectFor } from "./index";
import { zoneOffsets } from "../../time-zone/transitions";
import type { GrainZone } from "./zoned";
import { ZONED_CASES_SINCE, ZONED_CASES_UNTIL, ZONED_GRAIN_CASES } from "../../testing/zoned-grain-cases";

const epoch = (d: Date) => d.getTime() / 1000;
const zoneOf = (zone: string, extra: Partial<GrainZone> = {}): GrainZone => ({
  zone, columnType: null, namedZones: false, offsets: () => zoneOffsets(zone, epoch(ZONED_CASES_SINCE), epoch(ZONED_CASES_UNTIL)), ...extra,
});
const pg = dialectFor("postgresql");
const my = dialectFor("mysql");
const d1 = dialectFor("d1");

test("PostgreSQL: AT TIME ZONE by the column's type (timestamp is a UTC reading, timestamptz an instant, date a day)", () => {
  const k = (columnType: string | null) => pg.timeGrainExpression('"ts"', "P1D", zoneOf("Asia/Kolkata", { columnType }));
  expect(k("TIMESTAMP WITHOUT TIME ZONE")).toBe(`DATE_TRUNC('day', ("ts" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Kolkata'))`);
  expect(k("timestamp")).toBe(`DATE_TRUNC('day', ("ts" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Kolkata'))`);
  expect(k("TIMESTAMP WITH TIME ZONE")).toBe(`DATE_TRUNC('day', ("ts" AT TIME ZONE 'Asia/Kolkata'))`);
  expect(k("timestamptz")).toBe(`DATE_TRUNC('day', ("ts" AT TIME ZONE 'Asia/Kolkata'))`);
  expect(k("DATE")).toBe(`DATE_TRUNC('day', "ts")`);
  expect(k(null)).toBe(`DATE_TRUNC('day', (CASE WHEN PG_TYPEOF("ts") = 'date'::REGTYPE THEN CAST("ts" AS TIMESTAMP) ELSE TO_TIMESTAMP(EXTRACT(EPOCH FROM "ts")) AT TIME ZONE 'Asia/Kolkata' END))`);
  // no zone: the SQL of before
  expect(pg.timeGrainExpression('"ts"', "P1D")).toBe(`DATE_TRUNC('day', "ts")`);
});

test("MySQL/MariaDB: CONVERT_TZ to the named zone when the server knows it, else the offsets of the window", () => {
  expect(my.timeGrainExpression("`ts`", "P1D", zoneOf("Asia/Kolkata", { namedZones: true }))).toBe("TIMESTAMP(DATE(CONVERT_TZ(`ts`, '+00:00', 'Asia/Kolkata')))");
  expect(my.timeGrainExpression("`ts`", "P1D", zoneOf("Asia/Kolkata"))).toBe("TIMESTAMP(DATE(DATE_ADD(`ts`, INTERVAL 19800 SECOND)))");
  const week = zoneOf("Europe/Berlin", { offsets: () => zoneOffsets("Europe/Berlin", epoch(new Date("2024-03-28T00:00:00Z")), epoch(new Date("2024-04-04T00:00:00Z"))) });
  expect(my.timeGrainExpression("`ts`", "P1D", week)).toBe("TIMESTAMP(DATE(DATE_ADD(`ts`, INTERVAL CASE WHEN `ts` < '2024-03-31 01:00:00' THEN 3600 ELSE 7200 END SECOND)))");
  expect(my.timeGrainExpression("`ts`", "P1D", zoneOf("Asia/Kolkata", { columnType: "DATE" }))).toBe("TIMESTAMP(DATE(`ts`))");
});

test("D1: the row shifted by the offset at its instant; a window's transitions make a binary tree of CASEs", () => {
  expect(d1.timeGrainExpression('"ts"', "P1D", zoneOf("Asia/Kolkata"))).toBe(`DATETIME(DATETIME("ts", '+19800 seconds'), 'start of day')`);
  const chicago = d1.timeGrainExpression('"ts"', "P1M", zoneOf("America/Chicago"));
  // Dec 2023 – Jan 2025: CST, CDT from 10 March 08:00 UTC, CST from 3 November 07:00 UTC
  const e = `UNIXEPOCH("ts")`;
  expect(chicago).toBe(`DATETIME(DATETIME("ts", CASE WHEN ${e} < 1710057600 THEN '-21600 seconds' ELSE CASE WHEN ${e} < 1730617200 THEN '-18000 seconds' ELSE '-21600 seconds' END END), 'start of month')`);
});

test("a zone name that is not a plain IANA name never reaches the SQL", () => {
  expect(() => pg.timeGrainExpression('"ts"', "P1D", zoneOf("UTC' OR 1=1 --"))).toThrow("Not a time zone name");
});

test("D1 (SQLite): every hand-worked row falls in its zone's bucket, DST gaps and repeats included", () => {
  const db = new DatabaseSync(":memory:");
  for (const c of ZONED_GRAIN_CASES) {
    const sql = d1.timeGrainExpression("ts", c.grain, zoneOf(c.zone));
    const row = db.prepare(`SELECT ${sql} AS bucket FROM (SELECT ? AS ts)`).get(c.utc) as { bucket: string };
    expect({ ...c, bucket: row.bucket }).toEqual(c);
  }
  // ISO text with T and Z, as some loads write it, reads the same
  const iso = db.prepare(`SELECT ${d1.timeGrainExpression("ts", "P1D", zoneOf("America/Chicago"))} AS bucket FROM (SELECT '2024-03-10T05:59:59Z' AS ts)`).get() as { bucket: string };
  expect(iso.bucket).toBe("2024-03-09 00:00:00");
  db.close();
});
