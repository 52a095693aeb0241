// Jinja in SQL without eval: @huggingface/jinja (an interpreter, no Function/eval, so it runs in Workers) renders
// the template, with every {{ output }} rewritten to __sql_out(output) so that values come back as sentinels and
// are placed by placeValues with quoting for their lexical context. Decision record: docs/decisions/0002-sql-templates.md.
import { parse, tokenize } from "@huggingface/jinja";
import { ApiError } from "../http/errors";
import { MAX_TEMPLATE_OUTPUT } from "../limits";
import { budgetedEnvironment, budgetedInterpreter, sizeOf, tooLarge } from "./budget";
import type { SqlDialect } from "../sql-gate/lexer";
import { placeValues, type PlacedValue } from "./place-values";
import type { OutputMode } from "./quote";
import { findUndeclared } from "./undeclared";

export interface TemplateFilter {
  col: string;
  op: string;
  val: unknown;
}

export interface TemplateContext {
  params?: Record<string, unknown>;
  urlParams?: Record<string, string>;
  username?: string | null;
  userId?: number | null;
  filters?: TemplateFilter[];
  fromDttm?: string | null;
  toDttm?: string | null;
}

const MALFORMED_MESSAGE =
  'The query contains one or more malformed template parameters. Please check your query and confirm that all template parameters are surround by double braces, for example, "{{ ds }}". Then, try running your query again.';
const PARAMETER_MISSING_ERR =
  "Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.";

/** Filters that decide how the whole output is placed; as the LAST filter of an output only. */
const OUTPUT_FILTERS: Record<string, OutputMode | "safe"> = { safe: "safe", where_in: "where_in", identifier: "identifier" };
const OUT = "__sql_out";
/** Names the engine itself defines (setupGlobals), which parameters may not shadow. */
const ENGINE_GLOBALS = ["true", "false", "none", "True", "False", "None", "range", "raise_exception", "namespace"];

type JinjaToken = ReturnType<typeof tokenize>[number];
type AstNode = { type: string; [key: string]: unknown };

export function renderSqlTemplate(sql: string, context: TemplateContext, dialect: SqlDialect): string {
  if (!/\{[{%#]/.test(sql)) return sql;
  let program: ReturnType<typeof parse>;
  try {
    program = parse(wrapOutputs(tokenize(sql, { lstrip_blocks: false, trim_blocks: false })));
  } catch (err) {
    throw malformed(err);
  }
  markOutputModes(program);

  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
  const sentinel = new RegExp(`__tplv_${nonce}_(\\d+)__`, "g");
  const values: PlacedValue[] = [];
  // the placed values join the SQL after rendering: their sizes count toward the output budget as they are placed
  let placedSize = 0;
  const plainOutput = (value: unknown) => {
    const plain = toPlain(value);
    placedSize += sizeOf(plain);
    if (placedSize > MAX_TEMPLATE_OUTPUT) throw tooLarge();
    return plain;
  };
  const place = (mode: OutputMode) => (value: unknown) => {
    values.push({ value: plainOutput(value), mode });
    return `__tplv_${nonce}_${values.length - 1}__`;
  };
  const builtins = builtinsFor(context);
  const scope: Record<string, unknown> = {
    ...builtins,
    [OUT]: place("value"),
    [`${OUT}_where_in`]: place("where_in"),
    [`${OUT}_identifier`]: place("identifier"),
    [`${OUT}_safe`]: (value: unknown) => rawText(plainOutput(value)),
  };
  const params = context.params ?? {};
  for (const name of Object.keys(params)) {
    if (name in scope || ENGINE_GLOBALS.includes(name) || name.startsWith(OUT)) {
      throw new ApiError(400, `The template parameter name "${name}" is reserved.`, "INVALID_TEMPLATE_PARAMS_ERROR");
    }
  }
  const undefinedNames = findUndeclared(program, new Set([...Object.keys(scope), ...Object.keys(params), ...ENGINE_GLOBALS]));
  if (undefinedNames.length > 0) throw missingParameters(undefinedNames, params);

  let rendered: string;
  try {
    const env = budgetedEnvironment();
    for (const [name, value] of Object.entries({ ...scope, ...params })) env.set(name, value);
    rendered = String(budgetedInterpreter(env).run(program).value);
  } catch (err) {
    throw malformed(err);
  }
  if (rendered.length + placedSize > MAX_TEMPLATE_OUTPUT) throw tooLarge();
  return placeValues(rendered, sentinel, values, dialect);
}

/** {{ expr }} becomes {{ __sql_out(expr) }}: every output goes through quoting unless marked below. */
function wrapOutputs(tokens: JinjaToken[]): JinjaToken[] {
  const out: JinjaToken[] = [];
  for (const token of tokens) {
    if (token.type === "CloseExpression") out.push({ value: ")", type: "CloseParen" } as JinjaToken);
    out.push(token);
    if (token.type === "OpenExpression") {
      out.push({ value: OUT, type: "Identifier" } as JinjaToken, { value: "(", type: "OpenParen" } as JinjaToken);
    }
  }
  return out;
}

/** __sql_out(x | safe) becomes __sql_out_safe(x), and likewise for where_in and identifier. */
function markOutputModes(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(markOutputModes);
  if (node instanceof Map) return node.forEach((value, key) => (markOutputModes(key), markOutputModes(value)));
  if (typeof node !== "object" || node === null) return;
  const current = node as AstNode;
  const callee = current.callee as AstNode | undefined;
  if (current.type === "CallExpression" && callee?.type === "Identifier" && callee.value === OUT) {
    const args = current.args as AstNode[];
    const filter = args[0]?.type === "FilterExpression" ? (args[0].filter as AstNode) : null;
    const mode = filter?.type === "Identifier" ? OUTPUT_FILTERS[String(filter.value)] : undefined;
    if (mode) {
      callee.value = `${OUT}_${mode}`;
      args[0] = args[0].operand as AstNode;
    }
  }
  for (const value of Object.values(current)) markOutputModes(value);
}

function builtinsFor(context: TemplateContext): Record<string, unknown> {
  const filtersOn = (column: string) => (context.filters ?? []).filter((flt) => flt.col === column);
  return {
    // the URL's own parameters only: url_param('constructor') is the parameter of that name or the default
    url_param: (name: string, fallback: unknown = null) => {
      const params = context.urlParams ?? {};
      const value = Object.hasOwn(params, String(name)) ? params[String(name)] : undefined;
      return value === undefined ? fallback : value;
    },
    current_username: () => context.username ?? null,
    current_user_id: () => context.userId ?? null,
    // Superset: the values of every filter on the column, flattened; [default] when there are none.
    filter_values: (column: string, fallback: unknown = null) => {
      const values = filtersOn(column).flatMap((flt) => (Array.isArray(flt.val) ? flt.val : flt.val == null || flt.val === "" ? [] : [flt.val]));
      return values.length === 0 && fallback != null ? [fallback] : values;
    },
    get_filters: (column: string) => filtersOn(column).map(({ col, op, val }) => ({ col, op, val })),
    from_dttm: context.fromDttm ?? null,
    to_dttm: context.toDttm ?? null,
  };
}

/** The interpreter hands functions its runtime values: arrays of runtime values, Maps for objects. */
function toPlain(value: unknown): unknown {
  // {{ range }} or {{ url_param }}: a function has no SQL value (Jinja would print its Python repr)
  if (typeof value === "function") throw new ApiError(400, "A template function cannot be placed in SQL: call it, for example {{ url_param('name') }}.", "INVALID_TEMPLATE_PARAMS_ERROR");
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(toPlain(k)), toPlain(v)]));
  if (typeof value === "object" && value !== null && "type" in value && "value" in value) {
    return toPlain((value as { value: unknown }).value);
  }
  return value;
}

function rawText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(rawText).join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function malformed(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const reason = err instanceof Error ? err.message : String(err);
  return new ApiError(400, MALFORMED_MESSAGE, "INVALID_TEMPLATE_PARAMS_ERROR", { reason });
}

function missingParameters(names: string[], params: Record<string, unknown>): ApiError {
  const message =
    names.length === 1
      ? `The parameter ${names[0]} in your query is undefined.`
      : `The following parameters in your query are undefined: ${names.join(", ")}.`;
  return new ApiError(400, `${message} ${PARAMETER_MISSING_ERR}`, "MISSING_TEMPLATE_PARAMS_ERROR", {
    undefined_parameters: names,
    template_parameters: params,
    issue_codes: [{ code: 1006, message: "Issue 1006 - One or more parameters specified in the query are missing." }],
  });
}
