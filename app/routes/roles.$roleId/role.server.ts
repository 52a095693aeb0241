import type { AppLoadContext } from "@remix-run/cloudflare";
import { getRole, rolePermissions } from "../../../db/security-roles";
import { ApiError } from "../../../core/http/errors";

// One role and its (permission, view) pairs; an unknown or malformed id is the 404 page, not an error.
export async function loadRole(context: AppLoadContext, rawId: string | undefined) {
  const id = Number(rawId);
  if (!rawId || !Number.isSafeInteger(id) || id < 1) throw new Response("There is no such role.", { status: 404, statusText: "Not found" });
  try {
    const role = await getRole(context.db, id);
    return { role: { id: role.id, name: role.name }, permissions: await rolePermissions(context.db, id) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Response("There is no such role.", { status: 404, statusText: "Not found" });
    throw e;
  }
}
