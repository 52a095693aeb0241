import type { AppLoadContext } from "@remix-run/cloudflare";
import { listLayers } from "../../../db/annotations/list";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { LAYER_LIST } from "./list-config";

// The page reads layers with the list API's own query; saves and deletes go through the API from the browser.

export async function loadLayersPage(context: AppLoadContext, state: ListUrlState) {
  const { count, result } = await listLayers(context.db, parseListArgs(listQuery(state, LAYER_LIST)));
  return { count, layers: result, pageSize: LAYER_LIST.pageSize };
}
