// Superset also serves a dashboard at /dashboard/{id_or_slug}/: the same page.
export { default, loader, meta } from "../superset.dashboard.$idOrSlug/route";
