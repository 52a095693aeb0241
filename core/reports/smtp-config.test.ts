import { expect, test } from "vitest";
import { smtpConfig } from "./smtp-config";

test("missing mail settings are named, with no default host or sender", () => {
  expect(() => smtpConfig({})).toThrow("Email is not configured: set SMTP_HOST, SMTP_PORT, SMTP_MAIL_FROM (Worker vars or secrets).");
  expect(() => smtpConfig({ SMTP_HOST: "mx", SMTP_PORT: "25", SMTP_MAIL_FROM: "a@b", SMTP_USER: "u" })).toThrow(/set SMTP_PASSWORD/);
  expect(() => smtpConfig({ SMTP_HOST: "mx", SMTP_PORT: "smtp", SMTP_MAIL_FROM: "a@b" })).toThrow('SMTP_PORT must be a port number, not "smtp".');
  expect(() => smtpConfig({ SMTP_HOST: "mx", SMTP_PORT: "465", SMTP_MAIL_FROM: "a@b", SMTP_SSL: "true", SMTP_STARTTLS: "true" })).toThrow(/cannot both be on/);
});

test("Superset's setting names map onto the client's options", () => {
  expect(smtpConfig({ SMTP_HOST: " mx.test ", SMTP_PORT: "587", SMTP_STARTTLS: "True", SMTP_MAIL_FROM: "bi@x.test", SMTP_USER: "u", SMTP_PASSWORD: "p", EMAIL_REPORTS_SUBJECT_PREFIX: "[BI]" })).toEqual({
    host: "mx.test", port: 587, starttls: true, ssl: false, user: "u", password: "p", from: "bi@x.test", subjectPrefix: "[BI]", replyTimeoutMs: 60_000,
  });
  expect(smtpConfig({ SMTP_HOST: "mx", SMTP_PORT: "465", SMTP_SSL: "1", SMTP_MAIL_FROM: "a@b" })).toMatchObject({ ssl: true, starttls: false, user: null, subjectPrefix: "[Report] " });
});

test("SMTP_TIMEOUT bounds how long one reply may take, in seconds", () => {
  const base = { SMTP_HOST: "mx", SMTP_PORT: "25", SMTP_MAIL_FROM: "a@b" };
  expect(smtpConfig({ ...base, SMTP_TIMEOUT: "2.5" }).replyTimeoutMs).toBe(2500);
  expect(smtpConfig({ ...base, SMTP_TIMEOUT: " " }).replyTimeoutMs).toBe(60_000);
  for (const bad of ["0", "-1", "soon", "601"]) expect(() => smtpConfig({ ...base, SMTP_TIMEOUT: bad })).toThrow(`SMTP_TIMEOUT must be a number of seconds from 1 to 600, not "${bad}".`);
});
