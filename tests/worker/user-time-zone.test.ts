import { expect, test } from "vitest";
import { exampleDataset, json, roleId, unique } from "../support/access";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";

// Each user's own time zone and locale (GET/PUT /api/v1/me/), and what the zone changes: the UTC bounds of
// "Today" in the SQL a chart sends, and the bounds /api/v1/time_range/ shows. Users of their own, so no other
// test's admin sees a changed zone.

async function adminUser(admin: ApiClient): Promise<ApiClient> {
  const username = `tz_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Zone", last_name: "User", email: `${username}@example.com`, password, roles: [await roleId(admin, "Admin")],
  });
  expect(made.status).toBe(201);
  return loginAs(username, password);
}

const dayStartUtc = (zone: string, offsetMinutes: number) => {
  // the zone's calendar date now, then its midnight as a UTC instant (a fixed-offset zone: Kolkata)
  const local = new Date(Date.now() + offsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMinutes * 60_000;
  return { zone, since: new Date(midnight).toISOString().slice(0, 19).replace("T", " "), localDate: local.toISOString().slice(0, 10) };
};

test("a user's zone and locale: null until set, set by PUT, unknown ones refused naming them", async () => {
  const user = await adminUser(await loginAsAdmin());
  expect((await json(await user.get("/api/v1/me/"))).result).toMatchObject({ time_zone: null, locale: null });

  const put = await user.put("/api/v1/me/", { time_zone: "Asia/Kolkata", locale: "de-de" });
  expect(put.status).toBe(200);
  expect((await json(put)).result).toEqual({ time_zone: "Asia/Kolkata", locale: "de-DE" });
  expect((await json(await user.get("/api/v1/me/"))).result).toMatchObject({ time_zone: "Asia/Kolkata", locale: "de-DE" });

  const badZone = await user.put("/api/v1/me/", { time_zone: "Mars/Olympus_Mons" });
  expect(badZone.status).toBe(400);
  expect((await json(badZone)).message).toContain("Mars/Olympus_Mons");
  const badLocale = await user.put("/api/v1/me/", { locale: "zz" });
  expect(badLocale.status).toBe(400);
  expect((await json(badLocale)).message).toContain('"zz"');
  // nothing else of the record is changed through this path
  expect((await user.put("/api/v1/me/", { username: "someone_else" })).status).toBe(400);

  // one field alone leaves the other
  expect((await json(await user.put("/api/v1/me/", { locale: null }))).result).toEqual({ time_zone: "Asia/Kolkata", locale: null });
  expect((await json(await user.get("/api/v1/me/"))).result).toMatchObject({ time_zone: "Asia/Kolkata", locale: null });
});

test("\"Today\" is the viewer's own day: the SQL bounds are its exact UTC instants, per zone", async () => {
  const admin = await loginAsAdmin();
  const births = await exampleDataset(admin, "birth_names");
  const body = (extra: Record<string, unknown> = {}) => ({
    datasource: { id: births.id, type: "table" }, result_type: "query", form_data: { viz_type: "table", ...extra },
    queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 10, filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Today" }] }],
  });
  const sqlOf = async (client: ApiClient, extra?: Record<string, unknown>) => {
    const res = await client.post("/api/v1/chart/data", body(extra));
    expect(res.status).toBe(200);
    return (await json(res)).result[0].query as string;
  };

  const kolkata = await adminUser(admin);
  expect((await kolkata.put("/api/v1/me/", { time_zone: "Asia/Kolkata" })).status).toBe(200);
  const k = dayStartUtc("Asia/Kolkata", 330);
  const kSql = await sqlOf(kolkata);
  // Kolkata's day begins at 18:30:00 UTC the day before
  expect(kSql).toContain(`'${k.since}'`);
  expect(k.since.endsWith("18:30:00")).toBe(true);

  // a user with no zone yet resolves in UTC
  const plain = await adminUser(admin);
  const u = dayStartUtc("UTC", 0);
  expect(await sqlOf(plain)).toContain(`'${u.since}'`);

  // a dashboard's pinned zone (form_data.time_zone, from its json_metadata) wins over the viewer's
  expect(await sqlOf(kolkata, { time_zone: "UTC" })).toContain(`'${u.since}'`);
  // a pinned zone that is not valid resolves in UTC rather than failing
  expect(await sqlOf(kolkata, { time_zone: "Not/AZone" })).toContain(`'${u.since}'`);

  // /api/v1/time_range/ shows the bounds on the viewer's wall clock and names the zone
  const tr = (await json(await kolkata.get(`/api/v1/time_range/?q=${encodeURIComponent("'Today'")}`))).result[0];
  expect(tr).toMatchObject({ since: `${k.localDate}T00:00:00`, time_zone: "Asia/Kolkata" });
  const pinned = (await json(await kolkata.get(`/api/v1/time_range/?q=${encodeURIComponent("(timeRange:Today,timeZone:'Bad/Zone')")}`))).result[0];
  expect(pinned).toMatchObject({ time_zone: "UTC" });
  expect(pinned.warning).toContain("Bad/Zone");
});

test("the results cache keys on the zone only through the SQL: same bounds share an answer, other bounds do not", async () => {
  const admin = await loginAsAdmin();
  const births = await exampleDataset(admin, "birth_names");
  const body = (range: string) => ({
    datasource: { id: births.id, type: "table" }, form_data: { viz_type: "table" },
    queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 10, filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: range }] }],
  });
  const keyOf = async (client: ApiClient, range: string) => (await json(await client.post("/api/v1/chart/data", body(range)))).result[0].cache_key as string;
  const [kolkata, alsoKolkata, chicago] = [await adminUser(admin), await adminUser(admin), await adminUser(admin)];
  for (const [client, zone] of [[kolkata, "Asia/Kolkata"], [alsoKolkata, "Asia/Kolkata"], [chicago, "America/Chicago"]] as const) {
    expect((await client.put("/api/v1/me/", { time_zone: zone })).status).toBe(200);
  }
  expect(await keyOf(kolkata, "Today")).toBe(await keyOf(alsoKolkata, "Today"));
  expect(await keyOf(kolkata, "Today")).not.toBe(await keyOf(chicago, "Today"));
  // a range with written dates is the same SQL in every zone only when it names instants: plain dates are local
  expect(await keyOf(kolkata, "2000-01-01T00:00:00Z : 2001-01-01T00:00:00Z")).toBe(await keyOf(chicago, "2000-01-01T00:00:00Z : 2001-01-01T00:00:00Z"));
  expect(await keyOf(kolkata, "No filter")).toBe(await keyOf(chicago, "No filter"));
});
