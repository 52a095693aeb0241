import { expect, test } from "vitest";
import { fieldErrorsOf as fieldErrors } from "../testing/field-errors";
import { datasourceOfFormData, parseFormDataBody, parsePermalinkBody } from "./state";


test("form data bodies: required fields, JSON object text, dataset as table, tab id", () => {
  expect(parseFormDataBody({ datasource_id: 3, datasource_type: "dataset", form_data: '{"viz_type":"table"}' }, "7")).toEqual({
    datasource_id: 3, datasource_type: "table", chart_id: null, form_data: '{"viz_type":"table"}', tab_id: 7,
  });
  expect(fieldErrors(() => parseFormDataBody({}, undefined))).toEqual({
    datasource_id: ["Missing data for required field."], datasource_type: ["Missing data for required field."], form_data: ["Missing data for required field."],
  });
  expect(fieldErrors(() => parseFormDataBody({ datasource_id: "3", datasource_type: "cube", form_data: "[1]", chart_id: 1.5, x: 1 }, "tab"))).toEqual({
    x: ["Unknown field."], datasource_id: ["Not a valid integer."], datasource_type: ["Must be one of: table, dataset, query, saved_query, view."],
    chart_id: ["Not a valid integer."], form_data: ["Not a valid JSON object."], tab_id: ["Not a valid integer."],
  });
});

test("permalink bodies: formData object, urlParams as string pairs", () => {
  expect(parsePermalinkBody({ formData: { viz_type: "table" }, urlParams: [["standalone", "1"]] })).toEqual({ formData: { viz_type: "table" }, urlParams: [["standalone", "1"]] });
  expect(parsePermalinkBody({ formData: {} })).toEqual({ formData: {}, urlParams: null });
  expect(fieldErrors(() => parsePermalinkBody({ formData: [], urlParams: [["a"]] }))).toEqual({
    formData: ["Not a valid mapping type."], urlParams: ["Must be a list of [key, value] pairs of strings."],
  });
});

test("the datasource a form data names", () => {
  expect(datasourceOfFormData({ datasource: "12__table" })).toEqual({ id: 12, type: "table" });
  expect(datasourceOfFormData({ datasource_id: 4, datasource_type: "dataset" })).toEqual({ id: 4, type: "table" });
  expect(datasourceOfFormData({ datasource: "12__table; DROP" })).toBeNull();
  expect(datasourceOfFormData({})).toBeNull();
});
