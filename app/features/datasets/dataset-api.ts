// Browser calls to /api/v1/dataset/ and /api/v1/database/ (see app/components/api-call.ts).
import { apiCall, type ApiCallOptions, type ApiCallResult } from "../../components/api-call";

export type DatasetCallResult<T = unknown> = ApiCallResult<T>;

export function datasetCall<T = unknown>(
  method: "GET" | "PUT" | "DELETE" | "POST", path: string, csrfToken: string | null, body?: unknown, options?: ApiCallOptions,
): Promise<DatasetCallResult<T>> {
  return apiCall<T>(method, path, csrfToken, body, options);
}
