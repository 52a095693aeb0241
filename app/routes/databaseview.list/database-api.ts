// Browser calls to the databases API (see app/components/api-call.ts).
import { apiCall, type ApiCallResult } from "../../components/api-call";

export type ApiResult<T = unknown> = ApiCallResult<T>;

export function databaseApi<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, csrfToken: string | null, body?: unknown): Promise<ApiResult<T>> {
  return apiCall<T>(method, path, csrfToken, body);
}
