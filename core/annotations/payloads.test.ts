import { expect, test } from "vitest";
import { fieldErrorsOf as fieldErrors } from "../testing/field-errors";
import { isoDate, parseAnnotationPayload, parseLayerPayload } from "./payloads";


test("dates: ISO dates and datetimes, zones honoured, UTC assumed, nonsense refused", () => {
  expect(isoDate("2024-03-01")).toBe("2024-03-01T00:00:00.000Z");
  expect(isoDate("2024-03-01 12:30")).toBe("2024-03-01T12:30:00.000Z");
  expect(isoDate("2024-03-01T12:30:00+02:00")).toBe("2024-03-01T10:30:00.000Z");
  for (const bad of ["2024-02-30", "yesterday", "2024-13-01", "1e9", "", "2024-03-01; DROP"]) expect(isoDate(bad), bad).toBeNull();
});

test("annotations: required fields, end after start (also against the stored start), JSON metadata", () => {
  expect(parseAnnotationPayload({ short_descr: " Launch ", start_dttm: "2024-03-01", end_dttm: "2024-03-02", json_metadata: "{}" }, "create")).toEqual({
    short_descr: " Launch ", start_dttm: "2024-03-01T00:00:00.000Z", end_dttm: "2024-03-02T00:00:00.000Z", json_metadata: "{}",
  });
  expect(fieldErrors(() => parseAnnotationPayload({}, "create"))).toEqual({
    short_descr: ["Missing data for required field."], start_dttm: ["Missing data for required field."], end_dttm: ["Missing data for required field."],
  });
  expect(fieldErrors(() => parseAnnotationPayload({ short_descr: "x", start_dttm: "2024-03-02", end_dttm: "2024-03-01" }, "create"))).toEqual({
    end_dttm: ["End date must be after start date"],
  });
  const stored = { start_dttm: "2024-03-05T00:00:00.000Z", end_dttm: "2024-03-06T00:00:00.000Z" };
  expect(fieldErrors(() => parseAnnotationPayload({ end_dttm: "2024-03-01" }, "update", stored))).toEqual({ end_dttm: ["End date must be after start date"] });
  expect(fieldErrors(() => parseAnnotationPayload({ json_metadata: "{x" }, "update", stored))).toEqual({ json_metadata: ["Not valid JSON."] });
});

test("layers: a name is required on create and may not be blank", () => {
  expect(parseLayerPayload({ name: " Releases ", descr: null }, "create")).toEqual({ name: "Releases", descr: null });
  expect(fieldErrors(() => parseLayerPayload({}, "create"))).toEqual({ name: ["Missing data for required field."] });
  expect(fieldErrors(() => parseLayerPayload({ name: "  " }, "update"))).toEqual({ name: ["Length must be between 1 and 250."] });
});
