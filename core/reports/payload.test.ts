import { expect, test } from "vitest";
import { MAX_REPORT_RECIPIENTS, parseReportPayload } from "./payload";
import { ApiError, errorEnvelope } from "../http/errors";

const email = (config: Record<string, string>) => ({ type: "Email", recipient_config_json: config });
const fieldErrors = (recipients: unknown): unknown => {
  try {
    parseReportPayload({ recipients }, "update");
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(400);
    return errorEnvelope(e as ApiError);
  }
  return null;
};

test("valid addresses, split on commas and semicolons, are kept as sent", () => {
  const recipients = [email({ target: "a@example.com, b@example.org; c.d+reports@sub.example.net", ccTarget: "", bccTarget: "boss@example.com" })];
  expect(parseReportPayload({ recipients }, "update")).toEqual({ recipients });
});

test.each([
  ["not-an-address", "target"],
  ["a@example.com, bob@", "target"],
  ["x@y.z\r\nRCPT TO:<victim@example.com>", "ccTarget"], // SMTP command injection
  ["<a@example.com>", "bccTarget"],
  ["a b@example.com", "target"],
  [`${"l".repeat(250)}@example.com`, "target"], // longer than SMTP allows
])("%j in %s is refused when the report is saved, naming the field and the address", (text, key) => {
  const body = fieldErrors([email({ target: "ok@example.com", [key]: text })]) as { message: { recipients: string[] } };
  expect(body.message.recipients).toHaveLength(1);
  expect(body.message.recipients[0]).toMatch(new RegExp(`^0: recipient_config_json: ${key}: Not a valid email address: "`));
});

test(`at most ${MAX_REPORT_RECIPIENTS} distinct addresses across to, cc and bcc, said in the 400`, () => {
  const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `user${i + from}@example.com`).join(", ");
  // exactly the bound passes, the same address twice (any case) counts once
  expect(() => parseReportPayload({ recipients: [email({ target: many(60), ccTarget: many(40, 60), bccTarget: "USER0@example.com" })] }, "update")).not.toThrow();
  expect(fieldErrors([email({ target: many(60) }), email({ target: many(41, 60) })])).toEqual({
    message: { recipients: [`At most ${MAX_REPORT_RECIPIENTS} recipients are allowed (to, cc and bcc together); got 101.`] },
  });
  // and at most as many recipient rows
  expect(fieldErrors(Array.from({ length: MAX_REPORT_RECIPIENTS + 1 }, () => email({ target: "a@example.com" })))).toEqual({
    message: { recipients: [`At most ${MAX_REPORT_RECIPIENTS} recipients are allowed.`] },
  });
});

test("Slack and other channels this Worker cannot deliver to are refused by type", () => {
  expect(fieldErrors([{ type: "Slack", recipient_config_json: { target: "#general" } }])).toEqual({ message: { recipients: ["0: type: Must be one of: Email."] } });
});
