import { expect, test } from "vitest";
import { isHotRequest } from "./hot-app";

const req = (method: string, url: string) => new Request(url, { method });

test("only POST /api/v1/chart/data and /api/v1/chart/data/batch (with any query string) take the hot path", () => {
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data"))).toBe(true);
  expect(isHotRequest(req("POST", "http://127.0.0.1:8787/api/v1/chart/data?force=true&dashboard_id=3"))).toBe(true);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data/batch"))).toBe(true);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data/batch?force=true"))).toBe(true);
  expect(isHotRequest(req("GET", "https://bi.example.com/api/v1/chart/data"))).toBe(false);
  expect(isHotRequest(req("GET", "https://bi.example.com/api/v1/chart/data/batch"))).toBe(false);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data/batch/"))).toBe(false);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data/"))).toBe(false);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/data/abc"))).toBe(false);
  expect(isHotRequest(req("POST", "https://bi.example.com/api/v1/chart/database"))).toBe(false);
  expect(isHotRequest(req("POST", "https://bi.example.com/x/api/v1/chart/data"))).toBe(false);
});
