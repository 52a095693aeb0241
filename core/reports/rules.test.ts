import { expect, test } from "vitest";
import { parseReportPayload } from "./payload";
import { draftOf, reportProblems, type Lookups } from "./rules";

const found: Lookups = { nameTaken: false, chartExists: true, dashboardLayoutKeys: ["ROOT_ID", "TAB-a"], databaseExists: true };

test("field checks answer Marshmallow's messages, and a PUT needs nothing", () => {
  expect(() => parseReportPayload({ type: "Report", name: "x", crontab: "0 9 * * *", timezone: "Nowhere/City" }, "create")).toThrow("Validation error");
  expect(parseReportPayload({ active: false }, "update")).toEqual({ active: false });
  expect(parseReportPayload({ log_retention: 0 }, "update")).toEqual({ log_retention: 0 });
  const fieldErrors = (body: Record<string, unknown>) => {
    try {
      parseReportPayload(body, "create");
      return null;
    } catch (e) {
      return (e as { fieldErrors: unknown }).fieldErrors;
    }
  };
  expect(fieldErrors({ type: "Report", name: "x", crontab: "0 9 * * *", recipients: [{ type: "Slack" }] })).toEqual({ recipients: ["0: type: Must be one of: Email."] });
});

test("the command checks: chart xor dashboard, formats, alerts, tabs, unique names", () => {
  const draft = (p: Record<string, unknown>) => draftOf(null, parseReportPayload({ type: "Report", name: "x", crontab: "0 9 * * *", ...p }, "create"));
  expect(reportProblems(draft({ chart: 1 }), found, "create")).toEqual({});
  expect(reportProblems(draft({ chart: 1 }), { ...found, nameTaken: true }, "create")).toEqual({ name: ["Name must be unique"] });
  expect(reportProblems(draft({ dashboard: 2, report_format: "TEXT" }), found, "create")).toEqual({ report_format: ["CSV and TEXT formats are only available for charts"] });
  expect(reportProblems(draft({ dashboard: 2, extra: { dashboard: { activeTabs: ["TAB-a", "TAB-x"], anchor: "TAB-y" } } }), found, "create"))
    .toEqual({ extra: ["Invalid tab ids: {'TAB-x', 'TAB-y'}"] });
  expect(reportProblems(draft({}), found, "create")).toEqual({ chart: ["Must choose either a chart or a dashboard"] });
  expect(reportProblems(draft({}), found, "update")).toEqual({});
  const alert = draftOf(null, parseReportPayload({ type: "Alert", name: "a", crontab: "* * * * *", chart: 1, database: 3, sql: "SELECT 1", validator_type: "operator", validator_config_json: { op: ">" } }, "create"));
  expect(reportProblems(alert, found, "create")).toEqual({ validator_config_json: ["An operator alert needs an operator (op) and a threshold"] });
  expect(reportProblems(alert, { ...found, databaseExists: false }, "create").database).toEqual(["Database does not exist"]);
});

test("an update overlays the payload on what is stored", () => {
  const stored = { type: "Alert", chart: 1, dashboard: null, database: 3, sql: "SELECT 1", report_format: "PNG", validator_type: "not null", validator_config_json: null, extra: {} };
  expect(draftOf(stored, { chart: null, dashboard: 4 })).toMatchObject({ type: "Alert", chart: null, dashboard: 4, database: 3, sql: "SELECT 1" });
});
