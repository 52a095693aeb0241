import type { Database } from "../../db/client";
import type { Env } from "../env";
import { can, type Principal } from "../../core/security/permissions";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { loadPrincipal, loadPublicPrincipal } from "../../db/security/principals";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { guestPrincipal, guestRoleAllowed, verifiedGuestToken } from "../security/guest-token";
import { liveSpec } from "./live-scope";

// Who holds a live dashboard's socket, kept by its object so that rights taken away apply while the socket is open
// (issue 29): each cycle the object asks, once per distinct viewer, which scope this viewer would be handed now —
// their roles, permissions, row-level security and the dashboard's access read afresh, exactly as the handshake
// reads them — and closes the sockets whose answer is another scope or none (the page reconnects and is re-scoped,
// or is refused and falls back to its own requests, which answer the refusal).

/** A user by id (roles and permissions reloaded), a guest by their token (verified again: it may have expired), or the Public role. */
export type LiveViewer = { kind: "user"; id: number } | { kind: "guest"; token: string } | { kind: "public" };

/** What the object keeps per distinct viewer: who, and the filters their connection named (part of their scope). */
export interface LiveViewerRecord {
  viewer: LiveViewer;
  masks: Record<string, Record<string, unknown>>;
}

/** The socket's viewer from the handshake's principal; `guestToken`: the token the guest authenticated with. */
export function liveViewerOf(principal: Principal, guestToken: string | undefined): LiveViewer {
  if (principal.guest) {
    if (!guestToken) throw new Error("a guest principal without its token");
    return { kind: "guest", token: guestToken };
  }
  return principal.anonymous ? { kind: "public" } : { kind: "user", id: principal.id };
}

type Deps = { db: Database; env: Env };

async function principalNow({ db, env }: Deps, viewer: LiveViewer): Promise<Principal | null> {
  if (viewer.kind === "user") return loadPrincipal(db, viewer.id);
  if (viewer.kind === "public") return loadPublicPrincipal(db);
  const guest = guestRoleAllowed(env) ? await verifiedGuestToken(viewer.token, env) : null;
  return guest ? guestPrincipal(db, env, guest) : null;
}

export type ScopeNow = { key: string; principal: Principal } | { denied: string };

/** The scope this viewer of the dashboard would be handed now, or why they may no longer watch it. */
export async function liveScopeNow(deps: Deps, record: LiveViewerRecord, dashboardId: number, interval: number): Promise<ScopeNow> {
  const principal = await principalNow(deps, record.viewer);
  if (!principal) return { denied: record.viewer.kind === "guest" ? "the guest token expired or no longer verifies" : "the account is no longer active" };
  if (!can(principal, "can_read", "Dashboard")) return { denied: "dashboards may no longer be read" };
  const row = await visibleDashboard(deps.db, { id: dashboardId }, dashboardViewer(principal, dashboardRbacOn(deps.env)));
  if (!row) return { denied: "the dashboard may no longer be read" };
  const spec = await liveSpec(deps, principal, row, interval, record.masks);
  if (!spec.charts.length) return { denied: "no chart of the dashboard may be read" };
  return { key: spec.key, principal };
}
