import { expect } from "vitest";
import type { ApiClient } from "./client";
import { json } from "./access";
import { newClientId } from "./sqllab";

// What the upload tests share: a file posted to POST /api/v1/database/<pk>/upload/ as the upload dialog posts it
// (the fields, then the file), and the rows a SELECT reads back through SQL Lab.

/** Posts `file` with the form `fields`; a CSV string becomes data.csv (type csv unless the fields say otherwise). */
export function uploadFile(api: ApiClient, databaseId: number, file: string | File, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set("file", typeof file === "string" ? new File([file], "data.csv", { type: "text/csv" }) : file);
  if (typeof file === "string") form.set("type", "csv");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return api.raw(`/api/v1/database/${databaseId}/upload/`, { method: "POST", body: form });
}

/** The rows of `sql` run through SQL Lab on the database. */
export async function selectRows(api: ApiClient, databaseId: number, sql: string): Promise<Record<string, unknown>[]> {
  const res = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: databaseId, sql });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ data: Record<string, unknown>[] }>(res)).data;
}
