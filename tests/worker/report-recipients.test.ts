import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";

// Report recipients are checked when a report or alert is saved (POST/PUT /api/v1/report/), not first at send
// time: valid email addresses only, at most 100 distinct addresses, Email as the only channel; Superset's 400
// field errors ({ message: { recipients: [...] } }), and nothing is stored.

let admin: ApiClient;
let chartId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  const ds = await exampleDataset(admin, "birth_names");
  chartId = (await json(await admin.post("/api/v1/chart/", { slice_name: `Mailed ${unique()}`, viz_type: "table", datasource_id: ds.id, datasource_type: "table", params: "{}" }))).id;
});

const email = (target: string, more: Record<string, string> = {}) => [{ type: "Email", recipient_config_json: { target, ...more } }];
const report = (recipients: unknown) => ({ type: "Report", name: `Mailed ${unique()}`, crontab: "0 9 * * *", chart: chartId, report_format: "CSV", recipients });

test("a report with bad addresses, too many addresses or a Slack channel is refused on POST and PUT, naming the problem", async () => {
  const many = Array.from({ length: 101 }, (_, i) => `reader${i}@example.com`).join(", ");
  const cases: [unknown, string][] = [
    [email("ops@example.com, not-an-address"), '0: recipient_config_json: target: Not a valid email address: "not-an-address"'],
    [email("ops@example.com", { bccTarget: "x@example.com\r\nRCPT TO:<all@example.com>" }), "0: recipient_config_json: bccTarget: Not a valid email address: "],
    [email(many), "At most 100 recipients are allowed (to, cc and bcc together); got 101."],
    [[{ type: "Slack", recipient_config_json: { target: "#general" } }], "0: type: Must be one of: Email."],
  ];
  const before = (await json(await admin.get("/api/v1/report/"))).count as number;
  for (const [recipients, message] of cases) {
    const res = await admin.post("/api/v1/report/", report(recipients));
    expect(res.status, message).toBe(400);
    const body = await json(res);
    expect(body.message.recipients[0], message).toContain(message);
  }
  expect((await json(await admin.get("/api/v1/report/"))).count).toBe(before);

  const saved = await admin.post("/api/v1/report/", report(email("ops@example.com; lead@example.org", { ccTarget: "cc@example.com" })));
  expect(saved.status).toBe(201);
  const id = (await json(saved)).id as number;
  for (const [recipients, message] of cases) {
    const res = await admin.put(`/api/v1/report/${id}`, { recipients });
    expect(res.status, message).toBe(400);
    expect((await json(res)).message.recipients[0], message).toContain(message);
  }
  const stored = (await json(await admin.get(`/api/v1/report/${id}`))).result.recipients as { type: string; recipient_config_json: string }[];
  expect(stored.map((r) => [r.type, JSON.parse(r.recipient_config_json).target])).toEqual([["Email", "ops@example.com; lead@example.org"]]);
});
