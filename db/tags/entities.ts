import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { chartOwners, charts, dashboardOwners, dashboards, savedQueries, taggedObjects, tags, users } from "../schema";
import { inList } from "../d1-params";
import { tagsOfObjects, type TagRef } from "./store";
import type { ObjectType } from "../../core/tags/tags";

// Superset's TagDAO.get_tagged_objects_*: the dashboards, charts and saved queries holding some tags, shaped as
// TaggedObjectEntityResponseSchema, limited to what the caller may see (the same visibility as each list).

export interface EntityScope {
  dashboards: SQL | undefined;
  charts: SQL | undefined;
  /** saved queries are their author's only (Superset's SavedQueryFilter) */
  userId: number;
}

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export interface TaggedEntity {
  id: number;
  type: ObjectType;
  name: string;
  url: string;
  changed_on: string | null;
  created_by: Person | null;
  creator: string;
  owners: Person[];
  tags: TagRef[];
}

/** Which objects of a type hold one of the tags (by id or by name); null for "any tag". */
function holding(type: ObjectType, tagIds: number[] | null, tagNames: string[] | null): SQL {
  const which = tagIds ? inList(taggedObjects.tag_id, tagIds) : tagNames ? sql`${taggedObjects.tag_id} IN (SELECT id FROM ${tags} WHERE ${inList(tags.name, tagNames)})` : sql`1`;
  return sql`SELECT ${taggedObjects.object_id} FROM ${taggedObjects} WHERE ${taggedObjects.object_type} = ${type} AND ${which}`;
}

export async function taggedEntities(db: Database, scope: EntityScope, filter: { tagIds: number[] | null; tagNames: string[] | null; types: ObjectType[] }): Promise<TaggedEntity[]> {
  const want = (t: ObjectType) => !filter.types.length || filter.types.includes(t);
  const inTags = (type: ObjectType) => holding(type, filter.tagIds, filter.tagNames);
  const [dash, chart, query] = await Promise.all([
    want("dashboard")
      ? db.select({ id: dashboards.id, name: dashboards.dashboard_title, slug: dashboards.slug, changed_on: dashboards.changed_on, created_by: dashboards.created_by_fk })
        .from(dashboards).where(and(sql`${dashboards.id} IN (${inTags("dashboard")})`, scope.dashboards)).all()
      : [],
    want("chart")
      ? db.select({ id: charts.id, name: charts.slice_name, changed_on: charts.changed_on, created_by: charts.created_by_fk })
        .from(charts).where(and(sql`${charts.id} IN (${inTags("chart")})`, scope.charts)).all()
      : [],
    want("query")
      ? db.select({ id: savedQueries.id, name: savedQueries.label, changed_on: savedQueries.changed_on, created_by: savedQueries.created_by_fk, owner: savedQueries.user_id })
        .from(savedQueries).where(and(sql`${savedQueries.id} IN (${inTags("query")})`, eq(savedQueries.user_id, scope.userId))).all()
      : [],
  ]);
  const [dashOwners, chartOwnerMap, people, dashTags, chartTags, queryTags] = await Promise.all([
    ownersOf(db, dashboardOwners, dashboardOwners.dashboard_id, dash.map((d) => d.id)),
    ownersOf(db, chartOwners, chartOwners.slice_id, chart.map((d) => d.id)),
    peopleById(db, [...dash.map((r) => r.created_by), ...chart.map((r) => r.created_by), ...query.flatMap((r) => [r.created_by, r.owner])]),
    tagsOfObjects(db, "dashboard", dash.map((d) => d.id)),
    tagsOfObjects(db, "chart", chart.map((d) => d.id)),
    tagsOfObjects(db, "query", query.map((d) => d.id)),
  ]);
  const entity = (type: ObjectType, r: { id: number; name: string | null; changed_on: string | null; created_by: number | null }, url: string, owners: Person[], tagMap: Map<number, TagRef[]>): TaggedEntity => {
    const creator = r.created_by ? people.get(r.created_by) ?? null : null;
    return {
      id: r.id, type, name: r.name ?? "", url, changed_on: r.changed_on, created_by: creator,
      creator: creator ? `${creator.first_name} ${creator.last_name}`.trim() : "", owners, tags: tagMap.get(r.id) ?? [],
    };
  };
  return [
    ...dash.map((d) => entity("dashboard", d, `/superset/dashboard/${d.slug || d.id}/`, dashOwners.get(d.id) ?? [], dashTags)),
    ...chart.map((d) => entity("chart", d, `/explore/?slice_id=${d.id}`, chartOwnerMap.get(d.id) ?? [], chartTags)),
    ...query.map((d) => entity("query", d, `/sqllab/?savedQueryId=${d.id}`, d.owner && people.get(d.owner) ? [people.get(d.owner)!] : [], queryTags)),
  ];
}

async function ownersOf(db: Database, table: typeof dashboardOwners | typeof chartOwners, key: typeof dashboardOwners.dashboard_id | typeof chartOwners.slice_id, ids: number[]): Promise<Map<number, Person[]>> {
  const out = new Map<number, Person[]>();
  if (!ids.length) return out;
  const rows = await db.select({ obj: key, id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(table).innerJoin(users, eq(users.id, table.user_id)).where(inList(key, ids)).all();
  for (const { obj, ...person } of rows) out.set(obj, [...(out.get(obj) ?? []), person]);
  return out;
}

async function peopleById(db: Database, ids: (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === "number"))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, wanted)).all();
  return new Map(rows.map((r) => [r.id, r]));
}
