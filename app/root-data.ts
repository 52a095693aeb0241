import { visibleMenu } from "../core/navigation";
import { can, type Principal } from "../core/security/permissions";
import { viewerZoneOf } from "../core/time-zone/viewer-zone";
import type { Language } from "../core/i18n/languages";
import type { CompiledCatalog } from "../core/i18n/translate";

// What the root route hands every page (the user, the CSRF token, the menu they may use). It lives apart from
// root.tsx so the error page, which root.tsx renders as its boundary, can read its type without an import cycle.

export function rootData(principal: Principal | null, csrfToken: string | null, i18n: { language: Language; catalog: CompiledCatalog } = { language: "en", catalog: {} }) {
  return {
    /** the page's language (<html lang>) and its catalog, for this request only */
    language: i18n.language,
    catalog: i18n.catalog,
    user: principal ? { id: principal.id, username: principal.username, roles: principal.roles, time_zone: viewerZoneOf(principal), locale: principal.profile?.locale ?? null, hasProfile: !!principal.profile } : null,
    csrfToken,
    menu: visibleMenu(principal),
    /** the "+" menu's Data → Upload CSV to database */
    canUpload: principal ? can(principal, "can_upload", "Database") : false,
    /** the "+" menu's SQL query, Chart and Dashboard entries, each shown only with its permission */
    canSqlLab: principal ? can(principal, "can_sqllab", "Superset") : false,
    canWriteChart: principal ? can(principal, "can_write", "Chart") : false,
    canWriteDashboard: principal ? can(principal, "can_write", "Dashboard") : false,
  };
}

export type RootData = ReturnType<typeof rootData>;
