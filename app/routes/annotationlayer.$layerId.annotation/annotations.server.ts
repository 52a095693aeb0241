import type { AppLoadContext } from "@remix-run/cloudflare";
import { listAnnotations } from "../../../db/annotations/list";
import { layerById } from "../../../db/annotations/store";
import { parseListArgs } from "../../../core/http/list-query";
import { parsePathId } from "../../../core/http/path-id";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { ANNOTATION_LIST } from "./list-config";

// One layer and a page of its annotations (the list API's own query); an unknown layer is the 404 page.

export async function loadAnnotationsPage(context: AppLoadContext, rawId: string | undefined, state: ListUrlState) {
  const id = parsePathId(rawId);
  const layer = id === null ? undefined : await layerById(context.db, id);
  if (!layer) throw new Response("There is no such annotation layer.", { status: 404, statusText: "Not found" });
  const { count, result } = await listAnnotations(context.db, layer, parseListArgs(listQuery(state, ANNOTATION_LIST)));
  return { layer: { id: layer.id, name: layer.name, descr: layer.descr }, count, annotations: result, pageSize: ANNOTATION_LIST.pageSize };
}
