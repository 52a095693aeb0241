import { validationError } from "../http/errors";
import { crontabProblem } from "./crontab-check";
import { isReportTimezone } from "./timezones";
import { isSendableAddress, splitAddresses } from "./recipients";

// The POST/PUT body of Superset's ReportScheduleRestApi (ReportSchedulePostSchema / PutSchema), checked field by
// field with Marshmallow's messages; rules that join fields or need the database live in rules.ts.

export const REPORT_TYPES = ["Alert", "Report"] as const;
export const REPORT_FORMATS = ["PDF", "PNG", "CSV", "TEXT"] as const;
export const CREATION_METHODS = ["charts", "dashboards", "alerts_reports"] as const;
export const VALIDATOR_TYPES = ["not null", "operator"] as const;
export const VALIDATOR_OPERATORS = ["<", "<=", ">", ">=", "==", "!="] as const;
/** Recipient types this Worker can deliver to (Superset also lists Slack, which needs a Slack app). */
export const RECIPIENT_TYPES = ["Email"] as const;
/**
 * Distinct addresses one report may send to (to, cc and bcc of all its recipients together): a report is an
 * owner's mailing, not a bulk sender; checked when it is saved, so a run never meets a list it would refuse.
 */
export const MAX_REPORT_RECIPIENTS = 100;
/** Superset's ALERT_REPORTS_MIN/MAX_CUSTOM_SCREENSHOT_WIDTH defaults */
export const MIN_CUSTOM_WIDTH = 600;
export const MAX_CUSTOM_WIDTH = 2400;

export interface RecipientPayload {
  type: (typeof RECIPIENT_TYPES)[number];
  recipient_config_json: { target?: string; ccTarget?: string; bccTarget?: string };
}

export interface ReportPayload {
  type?: (typeof REPORT_TYPES)[number];
  name?: string;
  description?: string | null;
  context_markdown?: string | null;
  active?: boolean;
  crontab?: string;
  timezone?: string;
  creation_method?: (typeof CREATION_METHODS)[number] | null;
  report_format?: (typeof REPORT_FORMATS)[number];
  chart?: number | null;
  dashboard?: number | null;
  database?: number | null;
  sql?: string | null;
  owners?: number[];
  recipients?: RecipientPayload[];
  validator_type?: (typeof VALIDATOR_TYPES)[number] | null;
  validator_config_json?: { op?: string; threshold?: number } | null;
  log_retention?: number;
  working_timeout?: number;
  grace_period?: number;
  custom_width?: number | null;
  email_subject?: string | null;
  force_screenshot?: boolean;
  extra?: Record<string, unknown>;
  selected_tabs?: number[] | null;
}

type Mode = "create" | "update";
type Check = (value: unknown, mode: Mode) => string | { ok: unknown };

const oneOf = (choices: readonly string[]) => `Must be one of: ${choices.join(", ")}.`;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const str = (opts: { min?: number; max?: number; nullable?: boolean } = {}): Check => (v) => {
  if (v === null && opts.nullable) return { ok: null };
  if (typeof v !== "string") return v === null ? "Field may not be null." : "Not a valid string.";
  const { min, max } = opts;
  if (min !== undefined && max !== undefined && (v.length < min || v.length > max)) return `Length must be between ${min} and ${max}.`;
  if (max !== undefined && v.length > max) return `Longer than maximum length ${max}.`;
  return { ok: v };
};
const int = (opts: { min?: number | ((m: Mode) => number); nullable?: boolean } = {}): Check => (v, mode) => {
  if (v === null && opts.nullable) return { ok: null };
  if (typeof v !== "number" || !Number.isSafeInteger(v)) return v === null ? "Field may not be null." : "Not a valid integer.";
  const min = typeof opts.min === "function" ? opts.min(mode) : opts.min;
  if (min !== undefined && v < min) return `Must be greater than or equal to ${min}.`;
  return { ok: v };
};
const bool: Check = (v) => (typeof v === "boolean" ? { ok: v } : "Not a valid boolean.");
const choice = (choices: readonly string[], nullable = false): Check => (v) => {
  if (v === null && nullable) return { ok: null };
  return typeof v === "string" && choices.includes(v) ? { ok: v } : oneOf(choices);
};
const intList = (nullable = false): Check => (v) => {
  if (v === null && nullable) return { ok: null };
  if (!Array.isArray(v)) return "Not a valid list.";
  return v.every((i) => typeof i === "number" && Number.isSafeInteger(i)) ? { ok: v } : "Not a valid integer.";
};

const crontab: Check = (v, mode) => {
  const base = str({ min: 1, max: 1000 })(v, mode);
  if (typeof base === "string") return base;
  const problem = crontabProblem(v as string);
  return problem ? "Cron expression is not valid" : base;
};
const timezone: Check = (v) => (typeof v === "string" && isReportTimezone(v) ? { ok: v } : "Not a valid time zone name (IANA, e.g. Europe/Paris).");
const customWidth: Check = (v, mode) => {
  const base = int({ nullable: true })(v, mode);
  if (typeof base === "string" || base.ok === null) return base;
  const w = base.ok as number;
  return w >= MIN_CUSTOM_WIDTH && w <= MAX_CUSTOM_WIDTH ? base : `Screenshot width must be between ${MIN_CUSTOM_WIDTH}px and ${MAX_CUSTOM_WIDTH}px`;
};
const validatorConfig: Check = (v) => {
  if (v === null) return { ok: null };
  if (!isObject(v)) return "Not a valid mapping type.";
  for (const key of Object.keys(v)) if (key !== "op" && key !== "threshold") return `${key}: Unknown field.`;
  if (v.op !== undefined && !(VALIDATOR_OPERATORS as readonly unknown[]).includes(v.op)) return `op: ${oneOf(VALIDATOR_OPERATORS)}`;
  if (v.threshold !== undefined && (typeof v.threshold !== "number" || !Number.isFinite(v.threshold))) return "threshold: Not a valid number.";
  return { ok: { ...(v.op !== undefined ? { op: v.op } : {}), ...(v.threshold !== undefined ? { threshold: v.threshold } : {}) } };
};
const recipients: Check = (v) => {
  if (!Array.isArray(v)) return "Not a valid list.";
  if (v.length > MAX_REPORT_RECIPIENTS) return `At most ${MAX_REPORT_RECIPIENTS} recipients are allowed.`;
  const out: RecipientPayload[] = [];
  const everyone = new Set<string>();
  for (const [i, r] of v.entries()) {
    if (!isObject(r)) return `${i}: Not a valid mapping type.`;
    if (!(RECIPIENT_TYPES as readonly unknown[]).includes(r.type)) return `${i}: type: ${oneOf(RECIPIENT_TYPES)}`;
    const config = r.recipient_config_json ?? {};
    if (!isObject(config)) return `${i}: recipient_config_json: Not a valid mapping type.`;
    const targets: RecipientPayload["recipient_config_json"] = {};
    for (const [key, value] of Object.entries(config)) {
      if (key !== "target" && key !== "ccTarget" && key !== "bccTarget") return `${i}: recipient_config_json: ${key}: Unknown field.`;
      if (typeof value !== "string") return `${i}: recipient_config_json: ${key}: Not a valid string.`;
      // addresses are split on commas and semicolons, as the run splits them (recipients.ts)
      const addresses = splitAddresses(value);
      const bad = addresses.find((a) => !isSendableAddress(a));
      if (bad !== undefined) return `${i}: recipient_config_json: ${key}: Not a valid email address: ${JSON.stringify(bad.slice(0, 100))}`;
      for (const a of addresses) everyone.add(a.toLowerCase());
      targets[key] = value;
    }
    out.push({ type: r.type as RecipientPayload["type"], recipient_config_json: targets });
  }
  if (everyone.size > MAX_REPORT_RECIPIENTS) return `At most ${MAX_REPORT_RECIPIENTS} recipients are allowed (to, cc and bcc together); got ${everyone.size}.`;
  return { ok: out };
};
const extra: Check = (v) => (isObject(v) ? { ok: v } : "Not a valid mapping type.");

const FIELDS: Record<keyof ReportPayload, Check> = {
  type: choice(REPORT_TYPES),
  name: str({ min: 1, max: 150 }),
  description: str({ nullable: true }),
  context_markdown: str({ nullable: true }),
  active: bool,
  crontab,
  timezone,
  creation_method: (v, mode) => choice(CREATION_METHODS, mode === "update")(v, mode),
  report_format: choice(REPORT_FORMATS),
  chart: int({ nullable: true }),
  dashboard: int({ nullable: true }),
  database: int({ nullable: true }),
  sql: (v, mode) => str({ nullable: mode === "update" })(v, mode),
  owners: intList(),
  recipients,
  validator_type: choice(VALIDATOR_TYPES, true),
  validator_config_json: validatorConfig,
  log_retention: int({ min: (m) => (m === "create" ? 1 : 0) }),
  working_timeout: int({ min: 1 }),
  grace_period: int({ min: 1 }),
  custom_width: customWidth,
  email_subject: str({ max: 255, nullable: true }),
  force_screenshot: bool,
  extra,
  selected_tabs: intList(true),
};

const REQUIRED_ON_CREATE: (keyof ReportPayload)[] = ["crontab", "name", "type"];

/** Parses a body; any field problem is a 400 `{ message: { field: [messages] } }`, as Marshmallow answers. */
export function parseReportPayload(body: Record<string, unknown>, mode: Mode): ReportPayload {
  const errors: Record<string, string[]> = {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const check = Object.hasOwn(FIELDS, key) ? FIELDS[key as keyof ReportPayload] : undefined;
    if (!check) {
      errors[key] = ["Unknown field."];
      continue;
    }
    const result = check(value, mode);
    if (typeof result === "string") errors[key] = [result];
    else out[key] = result.ok;
  }
  if (mode === "create") for (const key of REQUIRED_ON_CREATE) if (!(key in body)) errors[key] = ["Missing data for required field."];
  // Superset's validate_report_references: a report never names a database
  if (mode === "create" && out.type === "Report" && out.database != null) errors.database = ["Database reference is not allowed on a report"];
  if (Object.keys(errors).length) throw validationError(errors);
  return out as ReportPayload;
}
