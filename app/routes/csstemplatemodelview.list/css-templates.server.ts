import type { AppLoadContext } from "@remix-run/cloudflare";
import { listCssTemplates } from "../../../db/css-templates/list";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { CSS_TEMPLATE_LIST } from "./list-config";

// The page reads templates with the list API's own query; saves and deletes go through the API from the browser.

export async function loadCssTemplatesPage(context: AppLoadContext, state: ListUrlState) {
  const { count, result } = await listCssTemplates(context.db, parseListArgs(listQuery(state, CSS_TEMPLATE_LIST)));
  return { count, templates: result, pageSize: CSS_TEMPLATE_LIST.pageSize };
}
