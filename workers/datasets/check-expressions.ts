import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { ApiError } from "../../core/http/errors";
import { invalidDataset } from "../../core/datasets/fields";
import { expressionError, expressionsToCheck, type ExpressionCheck } from "../../core/datasets/expression-checks";
import type { DatasetUpdate } from "../../core/datasets/payloads";
import { datasetExpressions } from "../../db/datasets/datasets";
import { runChartData } from "../../services/chart-data/run-context";

// A dataset PUT checks its new metric and calculated-column expressions on the engine before saving: each
// runs as an adhoc SQL metric or column of a chart-data query on the dataset, through the same compiler and
// SQL gate as every chart, with WHERE 1 = 0 so the engine plans it and returns no rows.

export async function checkDatasetExpressions(c: Context<AppEnv>, datasetId: number, update: Pick<DatasetUpdate, "metrics" | "columns">): Promise<void> {
  if (!update.metrics && !update.columns) return;
  const checks = expressionsToCheck(update, await datasetExpressions(c.var.db, datasetId));
  const errors: Record<string, string[]> = {};
  // one at a time: a few expressions change per save, and each check is a query on the user's database
  for (const check of checks) {
    const reason = await failureOf(c, datasetId, check);
    if (reason) (errors[check.kind === "metric" ? "metrics" : "columns"] ??= []).push(expressionError(check, reason));
  }
  if (Object.keys(errors).length) throw invalidDataset(errors);
}

async function failureOf(c: Context<AppEnv>, datasetId: number, check: ExpressionCheck): Promise<string | null> {
  const adhoc = { expressionType: "SQL", sqlExpression: check.expression, label: `__check_${check.kind}` };
  const query = check.kind === "metric" ? { metrics: [adhoc], columns: [] } : { metrics: [], columns: [adhoc] };
  const call = { env: c.env, db: c.var.db, secret: c.var.secret, principal: principalOf(c), background: () => {} };
  try {
    const { results } = await runChartData(call, {
      datasource: { id: datasetId, type: "table" },
      force: true,
      result_format: "json",
      result_type: "full",
      queries: [{ ...query, extras: { where: "1 = 0" }, row_limit: 1, orderby: [] }],
    });
    const error = results[0]?.error;
    return typeof error === "string" && error ? error : null;
  } catch (e) {
    // the engine's and the compiler's refusals name the problem; access errors are not the expression's fault
    if (e instanceof ApiError && e.status !== 401 && e.status !== 403) return firstMessage(e);
    throw e;
  }
}

function firstMessage(e: ApiError): string {
  if (e.fieldErrors) return Object.values(e.fieldErrors).flat().join(" ");
  return e.message;
}
