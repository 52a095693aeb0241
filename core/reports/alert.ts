// Superset's AlertCommand (commands/alert.py): the alert's SQL answers at most one row of one value, and the
// validator decides: "not null" fires on any value but null/0/NaN; "operator" compares the value (null → 0.0)
// with a threshold. Messages are Superset's.

export type Operator = "<" | "<=" | ">" | ">=" | "==" | "!=";
const OPERATORS: Record<Operator, (a: number, b: number) => boolean> = {
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
  "==": (a, b) => a === b,
  "!=": (a, b) => a !== b,
};

export class AlertError extends Error {}

export interface AlertOutcome {
  triggered: boolean;
  /** last_value (operator alerts) */
  value: number | null;
  /** last_value_row_json (not-null alerts): the value as text */
  valueRowJson: string | null;
}

export interface AlertValidator {
  type: "not null" | "operator";
  op?: Operator;
  threshold?: number;
}

/** validator_type and validator_config_json of a report schedule, checked. */
export function parseValidator(type: string | null, configJson: string | null): AlertValidator {
  const t = (type ?? "").toLowerCase();
  if (t === "not null") return { type: "not null" };
  if (t !== "operator") throw new AlertError("Alert validator config error.");
  let config: { op?: unknown; threshold?: unknown };
  try {
    config = JSON.parse(configJson || "{}");
  } catch {
    throw new AlertError("Alert validator config error.");
  }
  const threshold = typeof config.threshold === "string" ? Number(config.threshold) : config.threshold;
  if (typeof config.op !== "string" || !Object.hasOwn(OPERATORS, config.op) || typeof threshold !== "number" || !Number.isFinite(threshold)) {
    throw new AlertError("Alert validator config error.");
  }
  return { type: "operator", op: config.op as Operator, threshold };
}

const empty = (v: unknown) => v === null || v === undefined || v === 0 || (typeof v === "number" && Number.isNaN(v));

/** The alert's decision from its query's columns and rows. */
export function evaluateAlert(validator: AlertValidator, columns: string[], rows: unknown[][]): AlertOutcome {
  if (rows.length > 1) throw new AlertError(`Alert query returned more than one row. ${rows.length} rows returned`);
  if (rows.length === 1 && columns.length > 1) throw new AlertError(`Alert query returned more than one column. ${columns.length} columns returned`);
  const value = rows.length ? rows[0][0] : null;
  if (validator.type === "not null") {
    return { triggered: !empty(value), value: null, valueRowJson: value === null || value === undefined ? null : String(value) };
  }
  let number = 0;
  if (!empty(value)) {
    number = typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : Number(String(value).trim() || "x");
    if (!Number.isFinite(number)) throw new AlertError("Alert query returned a non-number value.");
  }
  return { triggered: OPERATORS[validator.op!](number, validator.threshold!), value: number, valueRowJson: null };
}
