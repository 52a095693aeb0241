import { expect, test } from "vitest";
import { badAddresses, emptyForm, formAddresses, formFromReport, formPayload } from "./form";

test("a chart report becomes Superset's POST body, addresses joined by commas", () => {
  const form = emptyForm("Report", { name: " Weekly ", contentType: "chart", chart: 7, reportFormat: "CSV", to: "a@x.io; b@x.io", bcc: "c@x.io", creationMethod: "charts" });
  expect(formPayload(form, "create")).toEqual({
    type: "Report", name: "Weekly", description: null, owners: [], active: true, crontab: "0 9 * * *", timezone: "UTC", chart: 7, dashboard: null,
    report_format: "CSV", custom_width: null, log_retention: 90, working_timeout: 3600, creation_method: "charts",
    recipients: [{ type: "Email", recipient_config_json: { target: "a@x.io,b@x.io", ccTarget: "", bccTarget: "c@x.io" } }], extra: {},
  });
});

test("a dashboard never asks for CSV or TEXT, and an update leaves creation_method alone", () => {
  const body = formPayload(emptyForm("Report", { contentType: "dashboard", dashboard: 3, chart: 7, reportFormat: "TEXT" }), "update");
  expect(body).toMatchObject({ chart: null, dashboard: 3, report_format: "PNG" });
  expect(body).not.toHaveProperty("creation_method");
});

test("an alert carries its database, SQL and condition, and reads back the same", () => {
  const form = emptyForm("Alert", { name: "Low stock", contentType: "chart", chart: 1, database: 2, sql: "SELECT 1", condition: ">=", threshold: 5, gracePeriod: 600 });
  const body = formPayload(form, "create");
  expect(body).toMatchObject({ database: 2, sql: "SELECT 1", validator_type: "operator", validator_config_json: { op: ">=", threshold: 5 }, grace_period: 600 });
  expect(formPayload(emptyForm("Alert", { condition: "not null" }), "create")).toMatchObject({ validator_type: "not null", validator_config_json: {} });
  const stored = {
    ...body, description: null, chart: { id: 1 }, dashboard: null, database: { id: 2 }, custom_width: null,
    validator_config_json: JSON.stringify(body.validator_config_json), owners: [{ id: 4 }],
    recipients: [{ type: "Email", recipient_config_json: JSON.stringify({ target: "a@x.io" }) }],
  } as unknown as Parameters<typeof formFromReport>[0];
  expect(formFromReport(stored)).toMatchObject({ type: "Alert", condition: ">=", threshold: 5, database: 2, chart: 1, contentType: "chart", to: "a@x.io", owners: [4], gracePeriod: 600 });
});

test("addresses that are not email addresses are named", () => {
  expect(badAddresses("a@x.io, nope; b@y")).toEqual(["nope", "b@y"]);
  expect(badAddresses("")).toEqual([]);
});

test("a dashboard report's filter values and per-recipient values go to extra.dashboard, other extra keys kept", () => {
  const entry = { nativeFilterId: "NATIVE_FILTER-r", filterName: "Region", filterType: "filter_select", columnName: "region", filterValues: ["EMEA"] };
  const form = emptyForm("Report", {
    contentType: "dashboard", dashboard: 3, to: "a@x.io, b@x.io", extra: { dashboard: { anchor: "TAB-1", nativeFilters: [] }, other: 1 },
    nativeFilters: [entry], recipientNativeFilters: [{ recipient: "b@x.io", nativeFilters: [{ ...entry, filterValues: ["APAC"] }] }, { recipient: " ", nativeFilters: [] }],
  });
  const extra = formPayload(form, "update").extra;
  expect(extra).toEqual({ other: 1, dashboard: { anchor: "TAB-1", nativeFilters: [entry], recipientNativeFilters: [{ recipient: "b@x.io", nativeFilters: [{ ...entry, filterValues: ["APAC"] }] }] } });
  // switched to a chart: the filter state goes, the tab stays as stored
  expect(formPayload({ ...form, contentType: "chart", chart: 1 }, "update").extra).toEqual({ other: 1, dashboard: { anchor: "TAB-1" } });
  const back = formFromReport({ ...formPayload(form, "update"), chart: null, dashboard: { id: 3 }, database: null, owners: [], recipients: [] } as unknown as Parameters<typeof formFromReport>[0]);
  expect(back).toMatchObject({ nativeFilters: [entry], recipientNativeFilters: [{ recipient: "b@x.io" }] });
  expect(formAddresses({ to: "a@x.io, b@x.io", cc: "b@x.io;c@x.io", bcc: "" })).toEqual(["a@x.io", "b@x.io", "c@x.io"]);
});
