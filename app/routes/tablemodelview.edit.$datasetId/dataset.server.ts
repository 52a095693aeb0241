import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { loadDataset } from "../../../db/datasets/datasets";
import { datasetDetail } from "../../../db/datasets/detail";
import { datasetOwners } from "../../../db/schema";
import { datasetScope } from "../../../core/datasets/access";
import { isAdmin, type Principal } from "../../../core/security/permissions";
import { ApiError } from "../../../core/http/errors";
import { parsePathId } from "../../../core/http/path-id";

/** The dataset as GET /api/v1/dataset/{pk} answers it, if the caller may change it (owner or admin). */
export async function loadEditableDataset(context: AppLoadContext, principal: Principal, rawId: string | undefined) {
  const id = parsePathId(rawId);
  if (id === null) throw new Response("Dataset not found", { status: 404, statusText: "Not found" });
  try {
    const { dataset, database } = await loadDataset(context.db, id, datasetScope(principal));
    const owners = await context.db.select().from(datasetOwners).where(eq(datasetOwners.table_id, id)).all();
    if (!isAdmin(principal) && !owners.some((o) => o.user_id === principal.id)) {
      throw new Response("You do not have permission to edit this dataset", { status: 403, statusText: "Forbidden" });
    }
    return datasetDetail(context.db, dataset, database);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Response("Dataset not found", { status: 404, statusText: "Not found" });
    throw e;
  }
}
